"""What a table's page and the director's board show of a round's entries: each entry as JSON,
each deal's state (missing, pending, disputed, confirmed) with the versions that decide it, the
players by seat. Pure presenting: the use cases are tables.py and round_board.py."""

from __future__ import annotations

from typing import Any

from ..club import DealState, EntryState
from ..persistence import tables as tables_repo
from ..persistence.models import TableEntry


def entry_json(e: TableEntry, names: dict[int, str]) -> dict[str, Any]:
    return {
        "id": e.id,
        "deal": e.deal_no,
        "state": e.state,
        "kind": e.kind,
        "entered_by": _who(e.entered_by, names),
        "side": e.side,
        "confirmed_by": _who(e.confirmed_by, names),
        "by_director": e.link_id is None or e.resolved_by_key_id is not None,
        "game_id": e.game_id,
        "created_at": e.created_at,
        "updated_at": e.updated_at,
        "seats": [{**x, "name": names.get(x["player_id"])} for x in e.seats],
        "outcome": e.outcome,
    }


def _who(player_id: int | None, names: dict[int, str]) -> dict[str, Any] | None:
    return None if player_id is None else {"player_id": player_id, "name": names.get(player_id)}


def deals_json(
    deals: int,
    entries: list[TableEntry],
    played: dict[int, int],
    names: dict[int, str],
    *,
    settled: bool = True,
) -> list[dict[str, Any]]:
    """A table's deals 1…N: missing, pending, disputed or confirmed, with the entries that
    decide each (both versions of a dispute; with ``settled``, the confirmed one too: the board
    leaves it out, its game is a click away)."""
    out = []
    for d in range(1, deals + 1):
        mine = [e for e in entries if e.deal_no == d]
        open_ = [e for e in mine if e.state in tables_repo.OPEN]
        if d in played:
            state = DealState.CONFIRMED
            shown = [e for e in mine if settled and e.state in (EntryState.CONFIRMED, EntryState.AGREED)]
        elif any(e.state == EntryState.DISPUTED for e in open_):
            state, shown = DealState.DISPUTED, open_
        elif open_:
            state, shown = DealState.PENDING, open_
        else:
            state, shown = DealState.MISSING, []
        out.append(
            {
                "deal": d,
                "state": state.value,
                "game_id": played.get(d),
                "entries": [entry_json(e, names) for e in shown],
            }
        )
    return out


def players_json(players: list[int], names: dict[int, str]) -> list[dict[str, Any]]:
    return [{"seat": k, "player_id": p, "name": names.get(p)} for k, p in enumerate(players)]
