from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.link import Link


T = TypeVar("T", bound="Links")


@_attrs_define
class Links:
    """
    Attributes:
        tournament_id (int):
        round_ (int):
        expires_at (datetime.datetime):
        links (list[Link]):
    """

    tournament_id: int
    round_: int
    expires_at: datetime.datetime
    links: list[Link]

    def to_dict(self) -> dict[str, Any]:
        tournament_id = self.tournament_id

        round_ = self.round_

        expires_at = self.expires_at.isoformat()

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tournament_id": tournament_id,
                "round": round_,
                "expires_at": expires_at,
                "links": links,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.link import Link

        d = dict(src_dict)
        tournament_id = d.pop("tournament_id")

        round_ = d.pop("round")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = Link.from_dict(links_item_data)

            links.append(links_item)

        links = cls(
            tournament_id=tournament_id,
            round_=round_,
            expires_at=expires_at,
            links=links,
        )

        return links
