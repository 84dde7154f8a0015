from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tournament_create_seating import TournamentCreateSeating
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tournament_create_ruleset_type_1 import TournamentCreateRulesetType1


T = TypeVar("T", bound="TournamentCreate")


@_attrs_define
class TournamentCreate:
    """
    Attributes:
        name (str): Trimmed and NFC-normalised; no control or format characters.
        ruleset (str | TournamentCreateRulesetType1 | Unset): A ruleset name, or {name, options} with options from GET
            /v1/rulesets/{name}. Default 'weihai'.
        private (bool | Unset):  Default: False.
        seating (TournamentCreateSeating | Unset): how rounds are seated: balanced (meetings, neighbours and sitting out
            spread evenly) or swiss (by the standings) Default: TournamentCreateSeating.BALANCED.
        bye_points (int | Unset): what a player sitting out a round scores (added to their total) Default: 0.
        deals_per_round (int | Unset): how many deals (局) each table plays a round: games entered by round and table are
            numbered 1 to this Default: 1.
        table_link_hours (int | Unset): how many hours a table link lasts after it is made (it also ends when its round
            closes) Default: 12.
        time_zone (None | str | Unset): the tournament's own IANA time zone (where it is played); null: the organizer's
            Example: Asia/Shanghai.
        player_pins (bool | Unset): a table's player acts with their own PIN (four digits, given to each player by the
            director): entering, confirming and withdrawing at the table then carry `pin`, so one phone cannot act as both
            sides Default: False.
    """

    name: str
    ruleset: str | TournamentCreateRulesetType1 | Unset = UNSET
    private: bool | Unset = False
    seating: TournamentCreateSeating | Unset = TournamentCreateSeating.BALANCED
    bye_points: int | Unset = 0
    deals_per_round: int | Unset = 1
    table_link_hours: int | Unset = 12
    time_zone: None | str | Unset = UNSET
    player_pins: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        from ..models.tournament_create_ruleset_type_1 import (
            TournamentCreateRulesetType1,
        )

        name = self.name

        ruleset: dict[str, Any] | str | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, TournamentCreateRulesetType1):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        private = self.private

        seating: str | Unset = UNSET
        if not isinstance(self.seating, Unset):
            seating = self.seating.value

        bye_points = self.bye_points

        deals_per_round = self.deals_per_round

        table_link_hours = self.table_link_hours

        time_zone: None | str | Unset
        if isinstance(self.time_zone, Unset):
            time_zone = UNSET
        else:
            time_zone = self.time_zone

        player_pins = self.player_pins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if private is not UNSET:
            field_dict["private"] = private
        if seating is not UNSET:
            field_dict["seating"] = seating
        if bye_points is not UNSET:
            field_dict["bye_points"] = bye_points
        if deals_per_round is not UNSET:
            field_dict["deals_per_round"] = deals_per_round
        if table_link_hours is not UNSET:
            field_dict["table_link_hours"] = table_link_hours
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone
        if player_pins is not UNSET:
            field_dict["player_pins"] = player_pins

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tournament_create_ruleset_type_1 import (
            TournamentCreateRulesetType1,
        )

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_ruleset(data: object) -> str | TournamentCreateRulesetType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ruleset_type_1 = TournamentCreateRulesetType1.from_dict(data)

                return ruleset_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | TournamentCreateRulesetType1 | Unset, data)

        ruleset = _parse_ruleset(d.pop("ruleset", UNSET))

        private = d.pop("private", UNSET)

        _seating = d.pop("seating", UNSET)
        seating: TournamentCreateSeating | Unset
        if isinstance(_seating, Unset):
            seating = UNSET
        else:
            seating = TournamentCreateSeating(_seating)

        bye_points = d.pop("bye_points", UNSET)

        deals_per_round = d.pop("deals_per_round", UNSET)

        table_link_hours = d.pop("table_link_hours", UNSET)

        def _parse_time_zone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        time_zone = _parse_time_zone(d.pop("time_zone", UNSET))

        player_pins = d.pop("player_pins", UNSET)

        tournament_create = cls(
            name=name,
            ruleset=ruleset,
            private=private,
            seating=seating,
            bye_points=bye_points,
            deals_per_round=deals_per_round,
            table_link_hours=table_link_hours,
            time_zone=time_zone,
            player_pins=player_pins,
        )

        return tournament_create
