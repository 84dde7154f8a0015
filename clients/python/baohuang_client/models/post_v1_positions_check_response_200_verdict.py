from enum import StrEnum


class PostV1PositionsCheckResponse200Verdict(StrEnum):
    ILLEGAL = "illegal"
    INCOMPLETE = "incomplete"
    LEGAL = "legal"

    def __str__(self) -> str:
        return str(self.value)
