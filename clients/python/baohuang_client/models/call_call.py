from enum import StrEnum


class CallCall(StrEnum):
    ACCEPT = "accept"
    ASCEND = "ascend"
    DECLINE = "decline"
    KICK = "kick"
    REBEL = "rebel"
    REVEAL_GUARD = "reveal_guard"
    SOLO = "solo"
    SURRENDER = "surrender"
    TRANSFER = "transfer"

    def __str__(self) -> str:
        return str(self.value)
