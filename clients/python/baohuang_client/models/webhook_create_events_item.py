from enum import StrEnum


class WebhookCreateEventsItem(StrEnum):
    GAME_CONFIRMED = "game.confirmed"
    GAME_CORRECTED = "game.corrected"
    GAME_DISPUTED = "game.disputed"
    GAME_PENDING = "game.pending"
    GAME_STORED = "game.stored"
    GAME_WITHDRAWN = "game.withdrawn"
    ROUND_CLOSED = "round.closed"
    ROUND_CREATED = "round.created"
    ROUND_REMOVED = "round.removed"
    ROUND_REOPENED = "round.reopened"
    SEASON_UPDATED = "season.updated"
    TOURNAMENT_CLOSED = "tournament.closed"

    def __str__(self) -> str:
        return str(self.value)
