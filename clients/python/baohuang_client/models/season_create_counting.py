from enum import StrEnum


class SeasonCreateCounting(StrEnum):
    ALL = "all"
    BEST = "best"

    def __str__(self) -> str:
        return str(self.value)
