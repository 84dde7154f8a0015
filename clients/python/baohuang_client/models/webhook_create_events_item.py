from enum import StrEnum


class WebhookCreateEventsItem(StrEnum):
    GAME_CORRECTED = "game.corrected"
    GAME_STORED = "game.stored"
    ROUND_CREATED = "round.created"
    ROUND_REMOVED = "round.removed"
    TOURNAMENT_CLOSED = "tournament.closed"

    def __str__(self) -> str:
        return str(self.value)
