from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record import Record
    from ..models.score_sheet import ScoreSheet
    from ..models.table_deal_create_claimed import TableDealCreateClaimed


T = TypeVar("T", bound="TableDealCreate")


@_attrs_define
class TableDealCreate:
    """
    Attributes:
        entered_by (int): the player id of the table's player entering it
        pin (str | Unset): the acting player's own PIN, where the tournament asks for it (player_pins)
        deal (int | Unset): which deal (default: the next one not entered); a page sends the deal it shows
        replace (bool | Unset): replace this side's own version of the deal, still waiting (else 409 deal_entered)
        repeat (bool | Unset): keep an entry identical to the table's previous deal, entered minutes ago (else 409
            same_as_previous_deal)
        sheet (ScoreSheet | Unset):
        record (Record | Unset):
        claimed (TableDealCreateClaimed | Unset): the table's own result, checked against the rules'
        accept_computed (bool | Unset): store the rules' result where the claim differs
    """

    entered_by: int
    pin: str | Unset = UNSET
    deal: int | Unset = UNSET
    replace: bool | Unset = UNSET
    repeat: bool | Unset = UNSET
    sheet: ScoreSheet | Unset = UNSET
    record: Record | Unset = UNSET
    claimed: TableDealCreateClaimed | Unset = UNSET
    accept_computed: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        entered_by = self.entered_by

        pin = self.pin

        deal = self.deal

        replace = self.replace

        repeat = self.repeat

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entered_by": entered_by,
            }
        )
        if pin is not UNSET:
            field_dict["pin"] = pin
        if deal is not UNSET:
            field_dict["deal"] = deal
        if replace is not UNSET:
            field_dict["replace"] = replace
        if repeat is not UNSET:
            field_dict["repeat"] = repeat
        if sheet is not UNSET:
            field_dict["sheet"] = sheet
        if record is not UNSET:
            field_dict["record"] = record
        if claimed is not UNSET:
            field_dict["claimed"] = claimed
        if accept_computed is not UNSET:
            field_dict["accept_computed"] = accept_computed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.record import Record
        from ..models.score_sheet import ScoreSheet
        from ..models.table_deal_create_claimed import TableDealCreateClaimed

        d = dict(src_dict)
        entered_by = d.pop("entered_by")

        pin = d.pop("pin", UNSET)

        deal = d.pop("deal", UNSET)

        replace = d.pop("replace", UNSET)

        repeat = d.pop("repeat", UNSET)

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
        claimed: TableDealCreateClaimed | Unset
        if isinstance(_claimed, Unset):
            claimed = UNSET
        else:
            claimed = TableDealCreateClaimed.from_dict(_claimed)

        accept_computed = d.pop("accept_computed", UNSET)

        table_deal_create = cls(
            entered_by=entered_by,
            pin=pin,
            deal=deal,
            replace=replace,
            repeat=repeat,
            sheet=sheet,
            record=record,
            claimed=claimed,
            accept_computed=accept_computed,
        )

        return table_deal_create
