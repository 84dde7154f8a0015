from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.tournament_seating import TournamentSeating
from ..models.tournament_status import TournamentStatus

if TYPE_CHECKING:
    from ..models.ruleset_ref import RulesetRef


T = TypeVar("T", bound="Tournament")


@_attrs_define
class Tournament:
    """
    Attributes:
        id (int):
        organizer_id (int):
        name (str):
        ruleset (RulesetRef):
        status (TournamentStatus):
        private (bool):
        frozen (bool): the ruleset is frozen once a game is stored
        seating (TournamentSeating):
        bye_points (int):
        deals_per_round (int):
        table_link_hours (int):
        time_zone (str): where it is played: its own IANA time zone, or its organizer's
        created_at (datetime.datetime):
        player_pins (bool): a table's player acts with their own PIN
    """

    id: int
    organizer_id: int
    name: str
    ruleset: RulesetRef
    status: TournamentStatus
    private: bool
    frozen: bool
    seating: TournamentSeating
    bye_points: int
    deals_per_round: int
    table_link_hours: int
    time_zone: str
    created_at: datetime.datetime
    player_pins: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        organizer_id = self.organizer_id

        name = self.name

        ruleset = self.ruleset.to_dict()

        status = self.status.value

        private = self.private

        frozen = self.frozen

        seating = self.seating.value

        bye_points = self.bye_points

        deals_per_round = self.deals_per_round

        table_link_hours = self.table_link_hours

        time_zone = self.time_zone

        created_at = self.created_at.isoformat()

        player_pins = self.player_pins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "organizer_id": organizer_id,
                "name": name,
                "ruleset": ruleset,
                "status": status,
                "private": private,
                "frozen": frozen,
                "seating": seating,
                "bye_points": bye_points,
                "deals_per_round": deals_per_round,
                "table_link_hours": table_link_hours,
                "time_zone": time_zone,
                "created_at": created_at,
                "player_pins": player_pins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ruleset_ref import RulesetRef

        d = dict(src_dict)
        id = d.pop("id")

        organizer_id = d.pop("organizer_id")

        name = d.pop("name")

        ruleset = RulesetRef.from_dict(d.pop("ruleset"))

        status = TournamentStatus(d.pop("status"))

        private = d.pop("private")

        frozen = d.pop("frozen")

        seating = TournamentSeating(d.pop("seating"))

        bye_points = d.pop("bye_points")

        deals_per_round = d.pop("deals_per_round")

        table_link_hours = d.pop("table_link_hours")

        time_zone = d.pop("time_zone")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        player_pins = d.pop("player_pins")

        tournament = cls(
            id=id,
            organizer_id=organizer_id,
            name=name,
            ruleset=ruleset,
            status=status,
            private=private,
            frozen=frozen,
            seating=seating,
            bye_points=bye_points,
            deals_per_round=deals_per_round,
            table_link_hours=table_link_hours,
            time_zone=time_zone,
            created_at=created_at,
            player_pins=player_pins,
        )

        return tournament
