from enum import StrEnum


class VersionAction(StrEnum):
    REPLACE = "replace"
    SUBMIT = "submit"
    VOID = "void"

    def __str__(self) -> str:
        return str(self.value)
