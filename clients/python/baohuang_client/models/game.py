from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.game_seat import GameSeat
    from ..models.outcome import Outcome


T = TypeVar("T", bound="Game")


@_attrs_define
class Game:
    """
    Attributes:
        id (int):
        tournament_id (int):
        version (int):
        voided (bool):
        kind (None | str): record or sheet
        played_at (datetime.datetime):
        created_at (datetime.datetime):
        round_ (int | None): the round it was entered against
        table (int | None): and its table
        deal (int | None): and which of the round's deals there
        seats (list[GameSeat]):
        outcome (None | Outcome):
    """

    id: int
    tournament_id: int
    version: int
    voided: bool
    kind: None | str
    played_at: datetime.datetime
    created_at: datetime.datetime
    round_: int | None
    table: int | None
    deal: int | None
    seats: list[GameSeat]
    outcome: None | Outcome

    def to_dict(self) -> dict[str, Any]:
        from ..models.outcome import Outcome

        id = self.id

        tournament_id = self.tournament_id

        version = self.version

        voided = self.voided

        kind: None | str
        kind = self.kind

        played_at = self.played_at.isoformat()

        created_at = self.created_at.isoformat()

        round_: int | None
        round_ = self.round_

        table: int | None
        table = self.table

        deal: int | None
        deal = self.deal

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "tournament_id": tournament_id,
                "version": version,
                "voided": voided,
                "kind": kind,
                "played_at": played_at,
                "created_at": created_at,
                "round": round_,
                "table": table,
                "deal": deal,
                "seats": seats,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_seat import GameSeat
        from ..models.outcome import Outcome

        d = dict(src_dict)
        id = d.pop("id")

        tournament_id = d.pop("tournament_id")

        version = d.pop("version")

        voided = d.pop("voided")

        def _parse_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        kind = _parse_kind(d.pop("kind"))

        played_at = datetime.datetime.fromisoformat(d.pop("played_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        def _parse_table(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        table = _parse_table(d.pop("table"))

        def _parse_deal(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deal = _parse_deal(d.pop("deal"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = GameSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_outcome(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = Outcome.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        game = cls(
            id=id,
            tournament_id=tournament_id,
            version=version,
            voided=voided,
            kind=kind,
            played_at=played_at,
            created_at=created_at,
            round_=round_,
            table=table,
            deal=deal,
            seats=seats,
            outcome=outcome,
        )

        return game
