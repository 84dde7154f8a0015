"""Players' own PINs, where a tournament asks for them (``player_pins``): made when a player is
added or the option is switched on, handed to each player by the director (the round sheet's
slips, GET …/rounds/{n}/pins), and asked at the table for every entry, confirmation and
withdrawal, so that one phone cannot act as both sides of a deal. Without the option a table's
phone acts for any of its players, as a bridge table's scoring device does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..club import rules
from ..club.records import Tournament
from .unit_of_work import UnitOfWork

__all__ = ["WRONG_PIN", "Pins", "PlayerPin", "check_pin", "player_pins"]


class Pins(Protocol):
    """Where a player's own PIN is read (``uow.tables``)."""

    def player_pin(self, player_id: int) -> str | None: ...


def check_pin(pins: Pins, t: Tournament, player_id: int, pin: Any, pointer: str = "/pin") -> None:
    """Where the tournament asks for players' PINs: ``pin`` is this player's own (Rejected
    ``wrong_pin`` otherwise, which the HTTP layer counts as a wrong key: guessing costs time)."""
    if t.player_pins:
        rules.own_pin(True, pins.player_pin(player_id), pin, pointer)


WRONG_PIN = "wrong_pin"


@dataclass(frozen=True, slots=True)
class PlayerPin:
    """A seated player's own PIN, for the slip the director hands that player alone."""

    player_id: int
    name: str
    table: int
    pin: str


def player_pins(uow: UnitOfWork, acting: int, tournament_id: int, number: int) -> tuple[PlayerPin, ...]:
    """The PINs of the players seated in the round, by table (none where the tournament does not
    ask for them): the director's own to hand out, never shown at a table."""
    rounds = uow.rounds
    t = uow.tournaments.owned_row(acting, tournament_id)
    _, seats = rounds.get_round(t.id, number)
    if not t.player_pins:
        return ()
    pins, names = rounds.pins_of(t.id), rounds.player_names(t.id)
    seated = sorted((x for x in seats if x.table_no is not None), key=lambda x: (x.table_no, x.seat or 0))
    return tuple(
        PlayerPin(x.player_id, names.get(x.player_id, "?"), x.table_no or 0, pin)
        for x in seated
        if (pin := pins.get(x.player_id))
    )
