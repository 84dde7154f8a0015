from enum import StrEnum


class AdjudicationVerdict(StrEnum):
    ILLEGAL = "illegal"
    INCOMPLETE = "incomplete"
    LEGAL = "legal"

    def __str__(self) -> str:
        return str(self.value)
