from enum import StrEnum


class MemberEventAction(StrEnum):
    MERGED = "merged"
    MOVED = "moved"

    def __str__(self) -> str:
        return str(self.value)
