from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.correction_action import CorrectionAction
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record import Record
    from ..models.score_sheet import ScoreSheet


T = TypeVar("T", bound="Correction")


@_attrs_define
class Correction:
    """
    Attributes:
        action (CorrectionAction):
        reason (str): Trimmed and NFC-normalised; no control or format characters.
        players (list[int] | Unset):
        record (Record | Unset):
        sheet (ScoreSheet | Unset):
        played_at (datetime.datetime | Unset):
    """

    action: CorrectionAction
    reason: str
    players: list[int] | Unset = UNSET
    record: Record | Unset = UNSET
    sheet: ScoreSheet | Unset = UNSET
    played_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        reason = self.reason

        players: list[int] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = self.players

        record: dict[str, Any] | Unset = UNSET
        if not isinstance(self.record, Unset):
            record = self.record.to_dict()

        sheet: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sheet, Unset):
            sheet = self.sheet.to_dict()

        played_at: str | Unset = UNSET
        if not isinstance(self.played_at, Unset):
            played_at = self.played_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "reason": reason,
            }
        )
        if players is not UNSET:
            field_dict["players"] = players
        if record is not UNSET:
            field_dict["record"] = record
        if sheet is not UNSET:
            field_dict["sheet"] = sheet
        if played_at is not UNSET:
            field_dict["played_at"] = played_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.record import Record
        from ..models.score_sheet import ScoreSheet

        d = dict(src_dict)
        action = CorrectionAction(d.pop("action"))

        reason = d.pop("reason")

        players = cast(list[int], d.pop("players", UNSET))

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

        correction = cls(
            action=action,
            reason=reason,
            players=players,
            record=record,
            sheet=sheet,
            played_at=played_at,
        )

        return correction
