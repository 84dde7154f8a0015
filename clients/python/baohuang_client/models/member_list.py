from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.freshness import Freshness
    from ..models.member import Member


T = TypeVar("T", bound="MemberList")


@_attrs_define
class MemberList:
    """
    Attributes:
        members (list[Member]):
        total (int):
        limit (int):
        offset (int):
        next_ (None | str): the next page, if any
        ratings (Freshness):
    """

    members: list[Member]
    total: int
    limit: int
    offset: int
    next_: None | str
    ratings: Freshness

    def to_dict(self) -> dict[str, Any]:
        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        total = self.total

        limit = self.limit

        offset = self.offset

        next_: None | str
        next_ = self.next_

        ratings = self.ratings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "members": members,
                "total": total,
                "limit": limit,
                "offset": offset,
                "next": next_,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.freshness import Freshness
        from ..models.member import Member

        d = dict(src_dict)
        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = Member.from_dict(members_item_data)

            members.append(members_item)

        total = d.pop("total")

        limit = d.pop("limit")

        offset = d.pop("offset")

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        ratings = Freshness.from_dict(d.pop("ratings"))

        member_list = cls(
            members=members,
            total=total,
            limit=limit,
            offset=offset,
            next_=next_,
            ratings=ratings,
        )

        return member_list
