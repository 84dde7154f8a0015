from enum import StrEnum


class TableDealState(StrEnum):
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    MISSING = "missing"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
