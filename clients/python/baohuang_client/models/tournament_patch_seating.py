from enum import StrEnum


class TournamentPatchSeating(StrEnum):
    BALANCED = "balanced"
    SWISS = "swiss"

    def __str__(self) -> str:
        return str(self.value)
