from enum import StrEnum


class TableEntryKind(StrEnum):
    RECORD = "record"
    SHEET = "sheet"

    def __str__(self) -> str:
        return str(self.value)
