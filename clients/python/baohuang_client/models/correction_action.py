from enum import StrEnum


class CorrectionAction(StrEnum):
    REPLACE = "replace"
    VOID = "void"

    def __str__(self) -> str:
        return str(self.value)
