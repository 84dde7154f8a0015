from enum import StrEnum


class RoleFiguresRole(StrEnum):
    EMPEROR = "emperor"
    GUARD = "guard"
    REBEL = "rebel"

    def __str__(self) -> str:
        return str(self.value)
