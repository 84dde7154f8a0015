from enum import StrEnum


class RoundMethod(StrEnum):
    BALANCED = "balanced"
    SWISS = "swiss"

    def __str__(self) -> str:
        return str(self.value)
