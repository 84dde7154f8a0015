from enum import StrEnum


class TournamentSeating(StrEnum):
    BALANCED = "balanced"
    SWISS = "swiss"

    def __str__(self) -> str:
        return str(self.value)
