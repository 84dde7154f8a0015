from enum import StrEnum


class SeasonPatchCounting(StrEnum):
    ALL = "all"
    BEST = "best"

    def __str__(self) -> str:
        return str(self.value)
