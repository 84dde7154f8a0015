from enum import StrEnum


class TableEntryState(StrEnum):
    AGREED = "agreed"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    OVERRULED = "overruled"
    PENDING = "pending"
    REPLACED = "replaced"
    WITHDRAWN = "withdrawn"

    def __str__(self) -> str:
        return str(self.value)
