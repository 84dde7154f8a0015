from enum import StrEnum


class PostV1PositionsResponse200Phase(StrEnum):
    CROWN = "crown"
    ILLEGAL = "illegal"
    OVER = "over"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
