from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.call import Call
    from ..models.play import Play
    from ..models.record_claimed import RecordClaimed
    from ..models.record_meta import RecordMeta
    from ..models.record_ruleset_type_1 import RecordRulesetType1


T = TypeVar("T", bound="Record")


@_attrs_define
class Record:
    """
    Attributes:
        ruleset (RecordRulesetType1 | str | Unset): A ruleset name, or {name, options} with options from GET
            /v1/rulesets/{name}. Default 'weihai'.
        deal (list[list[str] | str] | None | Unset): five hands, seat 0 first. Left out, the deal is rebuilt from the
            plays: each seat held what it played, and the seat that never went out held the rest.
        calls (list[Call] | Unset):
        plays (list[Play] | Unset):
        guard (int | None | Unset): without a deal: the guard, when it stayed hidden and never played SJ*
        first_candidate (int | Unset): rulesets that offer the crown (standard): the seat offered it first
        meta (RecordMeta | Unset): free-form data kept with the record, not checked
        claimed (RecordClaimed | Unset): what the table worked out by hand, any of: mode, emperor, guard, rebels,
            guard_revealed, rebellion, kicked_by, finishing_order, multiplier, scores; the answer lists each difference from
            the rules
    """

    ruleset: RecordRulesetType1 | str | Unset = UNSET
    deal: list[list[str] | str] | None | Unset = UNSET
    calls: list[Call] | Unset = UNSET
    plays: list[Play] | Unset = UNSET
    guard: int | None | Unset = UNSET
    first_candidate: int | Unset = UNSET
    meta: RecordMeta | Unset = UNSET
    claimed: RecordClaimed | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.record_ruleset_type_1 import RecordRulesetType1

        ruleset: dict[str, Any] | str | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, RecordRulesetType1):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        deal: list[list[str] | str] | None | Unset
        if isinstance(self.deal, Unset):
            deal = UNSET
        elif isinstance(self.deal, list):
            deal = []
            for deal_type_0_item_data in self.deal:
                deal_type_0_item: list[str] | str
                if isinstance(deal_type_0_item_data, list):
                    deal_type_0_item = deal_type_0_item_data

                else:
                    deal_type_0_item = deal_type_0_item_data
                deal.append(deal_type_0_item)

        else:
            deal = self.deal

        calls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.calls, Unset):
            calls = []
            for calls_item_data in self.calls:
                calls_item = calls_item_data.to_dict()
                calls.append(calls_item)

        plays: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.plays, Unset):
            plays = []
            for plays_item_data in self.plays:
                plays_item = plays_item_data.to_dict()
                plays.append(plays_item)

        guard: int | None | Unset
        if isinstance(self.guard, Unset):
            guard = UNSET
        else:
            guard = self.guard

        first_candidate = self.first_candidate

        meta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.meta, Unset):
            meta = self.meta.to_dict()

        claimed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.claimed, Unset):
            claimed = self.claimed.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if deal is not UNSET:
            field_dict["deal"] = deal
        if calls is not UNSET:
            field_dict["calls"] = calls
        if plays is not UNSET:
            field_dict["plays"] = plays
        if guard is not UNSET:
            field_dict["guard"] = guard
        if first_candidate is not UNSET:
            field_dict["first_candidate"] = first_candidate
        if meta is not UNSET:
            field_dict["meta"] = meta
        if claimed is not UNSET:
            field_dict["claimed"] = claimed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.call import Call
        from ..models.play import Play
        from ..models.record_claimed import RecordClaimed
        from ..models.record_meta import RecordMeta
        from ..models.record_ruleset_type_1 import RecordRulesetType1

        d = dict(src_dict)

        def _parse_ruleset(data: object) -> RecordRulesetType1 | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ruleset_type_1 = RecordRulesetType1.from_dict(data)

                return ruleset_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(RecordRulesetType1 | str | Unset, data)

        ruleset = _parse_ruleset(d.pop("ruleset", UNSET))

        def _parse_deal(data: object) -> list[list[str] | str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deal_type_0 = []
                _deal_type_0 = data
                for deal_type_0_item_data in _deal_type_0:

                    def _parse_deal_type_0_item(data: object) -> list[str] | str:
                        try:
                            if not isinstance(data, list):
                                raise TypeError()
                            deal_type_0_item_type_1 = cast(list[str], data)

                            return deal_type_0_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        return cast(list[str] | str, data)

                    deal_type_0_item = _parse_deal_type_0_item(deal_type_0_item_data)

                    deal_type_0.append(deal_type_0_item)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str] | str] | None | Unset, data)

        deal = _parse_deal(d.pop("deal", UNSET))

        _calls = d.pop("calls", UNSET)
        calls: list[Call] | Unset = UNSET
        if _calls is not UNSET:
            calls = []
            for calls_item_data in _calls:
                calls_item = Call.from_dict(calls_item_data)

                calls.append(calls_item)

        _plays = d.pop("plays", UNSET)
        plays: list[Play] | Unset = UNSET
        if _plays is not UNSET:
            plays = []
            for plays_item_data in _plays:
                plays_item = Play.from_dict(plays_item_data)

                plays.append(plays_item)

        def _parse_guard(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        guard = _parse_guard(d.pop("guard", UNSET))

        first_candidate = d.pop("first_candidate", UNSET)

        _meta = d.pop("meta", UNSET)
        meta: RecordMeta | Unset
        if isinstance(_meta, Unset):
            meta = UNSET
        else:
            meta = RecordMeta.from_dict(_meta)

        _claimed = d.pop("claimed", UNSET)
        claimed: RecordClaimed | Unset
        if isinstance(_claimed, Unset):
            claimed = UNSET
        else:
            claimed = RecordClaimed.from_dict(_claimed)

        record = cls(
            ruleset=ruleset,
            deal=deal,
            calls=calls,
            plays=plays,
            guard=guard,
            first_candidate=first_candidate,
            meta=meta,
            claimed=claimed,
        )

        return record
