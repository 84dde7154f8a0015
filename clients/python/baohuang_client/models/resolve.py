from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record import Record
    from ..models.resolve_claimed import ResolveClaimed
    from ..models.score_sheet import ScoreSheet


T = TypeVar("T", bound="Resolve")


@_attrs_define
class Resolve:
    """
    Attributes:
        entry (int | Unset): the entry (version) chosen
        sheet (ScoreSheet | Unset):
        record (Record | Unset):
        claimed (ResolveClaimed | Unset):
        accept_computed (bool | Unset):
        reason (str | Unset): Trimmed and NFC-normalised; no control or format characters.
    """

    entry: int | Unset = UNSET
    sheet: ScoreSheet | Unset = UNSET
    record: Record | Unset = UNSET
    claimed: ResolveClaimed | Unset = UNSET
    accept_computed: bool | Unset = UNSET
    reason: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        entry = self.entry

        sheet: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sheet, Unset):
            sheet = self.sheet.to_dict()

        record: dict[str, Any] | Unset = UNSET
        if not isinstance(self.record, Unset):
            record = self.record.to_dict()

        claimed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.claimed, Unset):
            claimed = self.claimed.to_dict()

        accept_computed = self.accept_computed

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if entry is not UNSET:
            field_dict["entry"] = entry
        if sheet is not UNSET:
            field_dict["sheet"] = sheet
        if record is not UNSET:
            field_dict["record"] = record
        if claimed is not UNSET:
            field_dict["claimed"] = claimed
        if accept_computed is not UNSET:
            field_dict["accept_computed"] = accept_computed
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.record import Record
        from ..models.resolve_claimed import ResolveClaimed
        from ..models.score_sheet import ScoreSheet

        d = dict(src_dict)
        entry = d.pop("entry", UNSET)

        _sheet = d.pop("sheet", UNSET)
        sheet: ScoreSheet | Unset
        if isinstance(_sheet, Unset):
            sheet = UNSET
        else:
            sheet = ScoreSheet.from_dict(_sheet)

        _record = d.pop("record", UNSET)
        record: Record | Unset
        if isinstance(_record, Unset):
            record = UNSET
        else:
            record = Record.from_dict(_record)

        _claimed = d.pop("claimed", UNSET)
        claimed: ResolveClaimed | Unset
        if isinstance(_claimed, Unset):
            claimed = UNSET
        else:
            claimed = ResolveClaimed.from_dict(_claimed)

        accept_computed = d.pop("accept_computed", UNSET)

        reason = d.pop("reason", UNSET)

        resolve = cls(
            entry=entry,
            sheet=sheet,
            record=record,
            claimed=claimed,
            accept_computed=accept_computed,
            reason=reason,
        )

        return resolve
