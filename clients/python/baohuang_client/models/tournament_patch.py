from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tournament_patch_seating import TournamentPatchSeating
from ..models.tournament_patch_status import TournamentPatchStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tournament_patch_ruleset_type_1 import TournamentPatchRulesetType1


T = TypeVar("T", bound="TournamentPatch")


@_attrs_define
class TournamentPatch:
    """
    Attributes:
        time_zone (None | str | Unset): its own time zone; null: the organizer's Example: Asia/Shanghai.
        name (str | Unset): Trimmed and NFC-normalised; no control or format characters.
        ruleset (str | TournamentPatchRulesetType1 | Unset): A ruleset name, or {name, options} with options from GET
            /v1/rulesets/{name}. Default 'weihai'.
        private (bool | Unset):
        status (TournamentPatchStatus | Unset):
        seating (TournamentPatchSeating | Unset): how rounds are seated: balanced (meetings, neighbours and sitting out
            spread evenly) or swiss (by the standings)
        bye_points (int | Unset): what a player sitting out a round scores (added to their total)
        deals_per_round (int | Unset): how many deals (局) each table plays a round: games entered by round and table are
            numbered 1 to this
        table_link_hours (int | Unset): how many hours a table link lasts after it is made (it also ends when its round
            closes)
        player_pins (bool | Unset): a table's player acts with their own PIN (four digits, given to each player by the
            director): entering, confirming and withdrawing at the table then carry `pin`, so one phone cannot act as both
            sides
    """

    time_zone: None | str | Unset = UNSET
    name: str | Unset = UNSET
    ruleset: str | TournamentPatchRulesetType1 | Unset = UNSET
    private: bool | Unset = UNSET
    status: TournamentPatchStatus | Unset = UNSET
    seating: TournamentPatchSeating | Unset = UNSET
    bye_points: int | Unset = UNSET
    deals_per_round: int | Unset = UNSET
    table_link_hours: int | Unset = UNSET
    player_pins: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.tournament_patch_ruleset_type_1 import TournamentPatchRulesetType1

        time_zone: None | str | Unset
        if isinstance(self.time_zone, Unset):
            time_zone = UNSET
        else:
            time_zone = self.time_zone

        name = self.name

        ruleset: dict[str, Any] | str | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, TournamentPatchRulesetType1):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        private = self.private

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        seating: str | Unset = UNSET
        if not isinstance(self.seating, Unset):
            seating = self.seating.value

        bye_points = self.bye_points

        deals_per_round = self.deals_per_round

        table_link_hours = self.table_link_hours

        player_pins = self.player_pins

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone
        if name is not UNSET:
            field_dict["name"] = name
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if private is not UNSET:
            field_dict["private"] = private
        if status is not UNSET:
            field_dict["status"] = status
        if seating is not UNSET:
            field_dict["seating"] = seating
        if bye_points is not UNSET:
            field_dict["bye_points"] = bye_points
        if deals_per_round is not UNSET:
            field_dict["deals_per_round"] = deals_per_round
        if table_link_hours is not UNSET:
            field_dict["table_link_hours"] = table_link_hours
        if player_pins is not UNSET:
            field_dict["player_pins"] = player_pins

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tournament_patch_ruleset_type_1 import TournamentPatchRulesetType1

        d = dict(src_dict)

        def _parse_time_zone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        time_zone = _parse_time_zone(d.pop("time_zone", UNSET))

        name = d.pop("name", UNSET)

        def _parse_ruleset(data: object) -> str | TournamentPatchRulesetType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ruleset_type_1 = TournamentPatchRulesetType1.from_dict(data)

                return ruleset_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | TournamentPatchRulesetType1 | Unset, data)

        ruleset = _parse_ruleset(d.pop("ruleset", UNSET))

        private = d.pop("private", UNSET)

        _status = d.pop("status", UNSET)
        status: TournamentPatchStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = TournamentPatchStatus(_status)

        _seating = d.pop("seating", UNSET)
        seating: TournamentPatchSeating | Unset
        if isinstance(_seating, Unset):
            seating = UNSET
        else:
            seating = TournamentPatchSeating(_seating)

        bye_points = d.pop("bye_points", UNSET)

        deals_per_round = d.pop("deals_per_round", UNSET)

        table_link_hours = d.pop("table_link_hours", UNSET)

        player_pins = d.pop("player_pins", UNSET)

        tournament_patch = cls(
            time_zone=time_zone,
            name=name,
            ruleset=ruleset,
            private=private,
            status=status,
            seating=seating,
            bye_points=bye_points,
            deals_per_round=deals_per_round,
            table_link_hours=table_link_hours,
            player_pins=player_pins,
        )

        return tournament_patch
