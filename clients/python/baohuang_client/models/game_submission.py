from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_submission_claimed import GameSubmissionClaimed
    from ..models.record import Record
    from ..models.score_sheet import ScoreSheet


T = TypeVar("T", bound="GameSubmission")


@_attrs_define
class GameSubmission:
    """
    Attributes:
        players (list[int] | Unset): the five player ids by seat; may be left out for a game entered against its round
            and table
        round_ (int | Unset): the round the game was played in (with table): players come from its seating
        table (int | Unset): the table of that round
        deal (int | Unset): which of the round's deals at that table (1 to the tournament's deals_per_round); default:
            the next one not entered. A deal already entered is 409 naming its game: correct that one
        record (Record | Unset):
        sheet (ScoreSheet | Unset):
        played_at (datetime.datetime | Unset): when the game was played (without a zone: UTC); default: now
        claimed (GameSubmissionClaimed | Unset): the result the table worked out (as a record's claimed); a game whose
            claim differs from the rules is refused (422 claim_differs) unless accept_computed is true
        accept_computed (bool | Unset): store the rules' result even where the claim differs (the claim is kept beside
            it)
    """

    players: list[int] | Unset = UNSET
    round_: int | Unset = UNSET
    table: int | Unset = UNSET
    deal: int | Unset = UNSET
    record: Record | Unset = UNSET
    sheet: ScoreSheet | Unset = UNSET
    played_at: datetime.datetime | Unset = UNSET
    claimed: GameSubmissionClaimed | Unset = UNSET
    accept_computed: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        players: list[int] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = self.players

        round_ = self.round_

        table = self.table

        deal = self.deal

        record: dict[str, Any] | Unset = UNSET
        if not isinstance(self.record, Unset):
            record = self.record.to_dict()

        sheet: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sheet, Unset):
            sheet = self.sheet.to_dict()

        played_at: str | Unset = UNSET
        if not isinstance(self.played_at, Unset):
            played_at = self.played_at.isoformat()

        claimed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.claimed, Unset):
            claimed = self.claimed.to_dict()

        accept_computed = self.accept_computed

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if players is not UNSET:
            field_dict["players"] = players
        if round_ is not UNSET:
            field_dict["round"] = round_
        if table is not UNSET:
            field_dict["table"] = table
        if deal is not UNSET:
            field_dict["deal"] = deal
        if record is not UNSET:
            field_dict["record"] = record
        if sheet is not UNSET:
            field_dict["sheet"] = sheet
        if played_at is not UNSET:
            field_dict["played_at"] = played_at
        if claimed is not UNSET:
            field_dict["claimed"] = claimed
        if accept_computed is not UNSET:
            field_dict["accept_computed"] = accept_computed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.game_submission_claimed import GameSubmissionClaimed
        from ..models.record import Record
        from ..models.score_sheet import ScoreSheet

        d = dict(src_dict)
        players = cast(list[int], d.pop("players", UNSET))

        round_ = d.pop("round", UNSET)

        table = d.pop("table", UNSET)

        deal = d.pop("deal", UNSET)

        _record = d.pop("record", UNSET)
        record: Record | Unset
        if isinstance(_record, Unset):
            record = UNSET
        else:
            record = Record.from_dict(_record)

        _sheet = d.pop("sheet", UNSET)
        sheet: ScoreSheet | Unset
        if isinstance(_sheet, Unset):
            sheet = UNSET
        else:
            sheet = ScoreSheet.from_dict(_sheet)

        _played_at = d.pop("played_at", UNSET)
        played_at: datetime.datetime | Unset
        if isinstance(_played_at, Unset):
            played_at = UNSET
        else:
            played_at = datetime.datetime.fromisoformat(_played_at)

        _claimed = d.pop("claimed", UNSET)
        claimed: GameSubmissionClaimed | Unset
        if isinstance(_claimed, Unset):
            claimed = UNSET
        else:
            claimed = GameSubmissionClaimed.from_dict(_claimed)

        accept_computed = d.pop("accept_computed", UNSET)

        game_submission = cls(
            players=players,
            round_=round_,
            table=table,
            deal=deal,
            record=record,
            sheet=sheet,
            played_at=played_at,
            claimed=claimed,
            accept_computed=accept_computed,
        )

        return game_submission
