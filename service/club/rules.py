"""The club's rules that refuse, each once, as pure functions of the facts they decide on.

Persistence reads the facts (under the locks it takes) and asks these; it decides nothing
itself and raises no refusal of its own (tests/test_layout.py reads it to make sure). Each
rule raises one of the club's refusals (``errors.py``) in words a director understands, with
the facts a program may act on.

>>> correctable(7, voided=False)
>>> correctable(7, voided=True)
Traceback (most recent call last):
...
service.club.errors.Conflict: game 7 is void; a void game is not corrected again
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, NoReturn

from .errors import Conflict, DuplicateGame, Forbidden, Rejected

__all__ = [
    "correctable",
    "joinable",
    "keeps_a_usable_key",
    "mergeable",
    "merges_end",
    "movable",
    "name_free",
    "not_merging_itself",
    "own_pin",
    "owned",
    "stored_once",
]


# --- tournaments ------------------------------------------------------------------------------


def owned(tournament_id: int, owner: int, acting: int) -> None:
    """A tournament is changed by its own organizer only."""
    if owner != acting:
        raise Forbidden(f"tournament {tournament_id} belongs to another organizer")


def name_free(tournament: str, name: str, taken: tuple[int, str] | None, player_id: int | None = None) -> None:
    """A tournament has one player of a name, as written or as a reader takes it (``taken``: the
    player whose name reads the same, if any; ``player_id``: the player being renamed)."""
    if taken is None or taken[0] == player_id:
        return
    other, written = taken
    if written == name:
        raise Conflict(f"“{tournament}” already has a player named “{name}”", player_id=other)
    raise Conflict(
        f"“{tournament}” already has a player named “{written}”, the same name to a reader as “{name}”",
        player_id=other,
    )


def joinable(tournament_id: int, member_id: int, member_name: str, merged_into: int | None, plays: bool) -> None:
    """A member joins a tournament as one player, and only a member not merged into another."""
    if merged_into is not None:
        raise Conflict(f"member {member_id} was merged into member {merged_into}: use that one")
    if plays:
        raise Conflict(f"member {member_id} ({member_name}) already plays in tournament {tournament_id}")


# --- a table's players ---------------------------------------------------------------------------


def own_pin(asks: bool, own: str | None, given: Any, pointer: str = "/pin") -> None:
    """Where a tournament asks for players' own PINs (``asks``), a player acts with their own
    (``own``: the player's, ``given``: what was sent): Rejected ``wrong_pin`` otherwise, so that one
    phone cannot act as both sides of a deal."""
    if not asks:
        return
    if not isinstance(given, str) or own is None or not secrets.compare_digest(given.strip(), own):
        raise Rejected.one(
            pointer,
            "wrong_pin",
            "this tournament asks for the player's own PIN (four digits, from the director): "
            + ("it is missing" if given is None else "that is not this player's PIN"),
        )


# --- games -----------------------------------------------------------------------------------------


def correctable(game_id: int, *, voided: bool) -> None:
    """A void game stays void: it is not corrected again."""
    if voided:
        raise Conflict(f"game {game_id} is void; a void game is not corrected again")


def stored_once(clash: int | None) -> None:
    """A tournament holds a game (the same deal, calls and plays) once: ``clash`` is the game
    that holds it already, if any."""
    if clash is not None:
        raise DuplicateGame(clash)


# --- members ---------------------------------------------------------------------------------------


def merges_end(member_id: int) -> NoReturn:
    """Merges never make a cycle (``mergeable``): a chain that does not end is refused, not followed."""
    raise Conflict(f"member {member_id}'s merges go on without end")


def movable(to: int, to_merged_into: int | None, clash: int | None) -> None:
    """A player moves to a member that is not merged into another and does not play in the
    player's tournament already (``clash``)."""
    if to_merged_into is not None:
        raise Conflict(f"member {to} was merged into member {to_merged_into}: use that one")
    if clash is not None:
        raise Conflict(f"member {to} already plays in tournament {clash}: merge the two players' members instead")


def not_merging_itself(into: int, other: int) -> None:
    if into == other:
        raise Conflict("a member cannot be merged with itself")


def mergeable(into: int, other: int, merged: Sequence[int | None], clash: int | None) -> None:
    """Two members merge while neither is merged already (``merged``: both ``merged_into``) and
    no tournament has a player of each (``clash``)."""
    not_merging_itself(into, other)
    if any(x is not None for x in merged):
        raise Conflict("a merged member takes no further merges: use the member it was merged into")
    if clash is not None:
        raise Conflict(f"members {into} and {other} both play in tournament {clash}: move one of the players first")


# --- keys ------------------------------------------------------------------------------------------


def keeps_a_usable_key(key_id: int, organizer_id: int, keep: Sequence[str], last: bool) -> None:
    """An organizer keeps a key with every scope of ``keep``: the last such (``last``) is not revoked."""
    if last:
        raise Conflict(
            f"key {key_id} is organizer {organizer_id}'s last usable key with the scopes {' '.join(keep)}: "
            "issue another before revoking it, or nobody could read, enter or manage for this organizer again"
        )
