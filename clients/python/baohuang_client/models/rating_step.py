from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RatingStep")


@_attrs_define
class RatingStep:
    """
    Attributes:
        game_id (int):
        played_at (datetime.datetime):
        rating (float):
        mu (float):
        sigma (float):
    """

    game_id: int
    played_at: datetime.datetime
    rating: float
    mu: float
    sigma: float

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        played_at = self.played_at.isoformat()

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "played_at": played_at,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        played_at = datetime.datetime.fromisoformat(d.pop("played_at"))

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        rating_step = cls(
            game_id=game_id,
            played_at=played_at,
            rating=rating,
            mu=mu,
            sigma=sigma,
        )

        return rating_step
