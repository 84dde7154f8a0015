from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Member")


@_attrs_define
class Member:
    """
    Attributes:
        rating (float): mu − 3 sigma: the skill held with near certainty
        mu (float): the skill estimate (Weng-Lin, openskill Plackett-Luce)
        sigma (float): its uncertainty
        games (int): the rated games it is made of
        provisional (bool): fewer than 10 rated games
        id (int):
        organizer_id (int):
        name (str):
        merged_into (int | None):
        players (int): how many tournaments they played in
    """

    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool
    id: int
    organizer_id: int
    name: str
    merged_into: int | None
    players: int

    def to_dict(self) -> dict[str, Any]:
        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        provisional = self.provisional

        id = self.id

        organizer_id = self.organizer_id

        name = self.name

        merged_into: int | None
        merged_into = self.merged_into

        players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "provisional": provisional,
                "id": id,
                "organizer_id": organizer_id,
                "name": name,
                "merged_into": merged_into,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        provisional = d.pop("provisional")

        id = d.pop("id")

        organizer_id = d.pop("organizer_id")

        name = d.pop("name")

        def _parse_merged_into(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        merged_into = _parse_merged_into(d.pop("merged_into"))

        players = d.pop("players")

        member = cls(
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            provisional=provisional,
            id=id,
            organizer_id=organizer_id,
            name=name,
            merged_into=merged_into,
            players=players,
        )

        return member
