from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.table_entry_kind import TableEntryKind
from ..models.table_entry_side import TableEntrySide
from ..models.table_entry_state import TableEntryState

if TYPE_CHECKING:
    from ..models.entry_seat import EntrySeat
    from ..models.table_entry_outcome import TableEntryOutcome
    from ..models.who import Who


T = TypeVar("T", bound="TableEntry")


@_attrs_define
class TableEntry:
    """
    Attributes:
        id (int):
        deal (int):
        state (TableEntryState): pending (waiting for the other side), disputed, confirmed (stored as a game); kept for
            the record: replaced (by a later entry of the same side), overruled (the director chose another), agreed (the
            other side's identical entry, which confirmed the first), withdrawn (by the player who entered it, or the
            director)
        kind (TableEntryKind):
        entered_by (None | Who):
        side (TableEntrySide): the side of the player who entered it (any: a void deal, or the director)
        confirmed_by (None | Who):
        by_director (bool):
        game_id (int | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        seats (list[EntrySeat]):
        outcome (TableEntryOutcome): the outcome, as a stored game shows it
    """

    id: int
    deal: int
    state: TableEntryState
    kind: TableEntryKind
    entered_by: None | Who
    side: TableEntrySide
    confirmed_by: None | Who
    by_director: bool
    game_id: int | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    seats: list[EntrySeat]
    outcome: TableEntryOutcome

    def to_dict(self) -> dict[str, Any]:
        from ..models.who import Who

        id = self.id

        deal = self.deal

        state = self.state.value

        kind = self.kind.value

        entered_by: dict[str, Any] | None
        if isinstance(self.entered_by, Who):
            entered_by = self.entered_by.to_dict()
        else:
            entered_by = self.entered_by

        side = self.side.value

        confirmed_by: dict[str, Any] | None
        if isinstance(self.confirmed_by, Who):
            confirmed_by = self.confirmed_by.to_dict()
        else:
            confirmed_by = self.confirmed_by

        by_director = self.by_director

        game_id: int | None
        game_id = self.game_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        outcome = self.outcome.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "deal": deal,
                "state": state,
                "kind": kind,
                "entered_by": entered_by,
                "side": side,
                "confirmed_by": confirmed_by,
                "by_director": by_director,
                "game_id": game_id,
                "created_at": created_at,
                "updated_at": updated_at,
                "seats": seats,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entry_seat import EntrySeat
        from ..models.table_entry_outcome import TableEntryOutcome
        from ..models.who import Who

        d = dict(src_dict)
        id = d.pop("id")

        deal = d.pop("deal")

        state = TableEntryState(d.pop("state"))

        kind = TableEntryKind(d.pop("kind"))

        def _parse_entered_by(data: object) -> None | Who:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                entered_by_type_0 = Who.from_dict(data)

                return entered_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Who, data)

        entered_by = _parse_entered_by(d.pop("entered_by"))

        side = TableEntrySide(d.pop("side"))

        def _parse_confirmed_by(data: object) -> None | Who:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                confirmed_by_type_0 = Who.from_dict(data)

                return confirmed_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Who, data)

        confirmed_by = _parse_confirmed_by(d.pop("confirmed_by"))

        by_director = d.pop("by_director")

        def _parse_game_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        game_id = _parse_game_id(d.pop("game_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = EntrySeat.from_dict(seats_item_data)

            seats.append(seats_item)

        outcome = TableEntryOutcome.from_dict(d.pop("outcome"))

        table_entry = cls(
            id=id,
            deal=deal,
            state=state,
            kind=kind,
            entered_by=entered_by,
            side=side,
            confirmed_by=confirmed_by,
            by_director=by_director,
            game_id=game_id,
            created_at=created_at,
            updated_at=updated_at,
            seats=seats,
            outcome=outcome,
        )

        return table_entry
