from enum import StrEnum


class TableEntrySide(StrEnum):
    ANY = "any"
    CROWN = "crown"
    REBELS = "rebels"

    def __str__(self) -> str:
        return str(self.value)
