from enum import StrEnum


class RoleFiguresRole(StrEnum):
    EMPEROR = "emperor"
    GUARD = "guard"
    OTHER = "other"
    REBEL = "rebel"

    def __str__(self) -> str:
        return str(self.value)
