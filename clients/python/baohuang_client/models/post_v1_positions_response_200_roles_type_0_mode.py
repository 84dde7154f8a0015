from enum import StrEnum


class PostV1PositionsResponse200RolesType0Mode(StrEnum):
    HIDDEN_SOLO = "hidden_solo"
    NORMAL = "normal"
    OPEN_SOLO = "open_solo"
    SURRENDER = "surrender"
    VOID = "void"

    def __str__(self) -> str:
        return str(self.value)
