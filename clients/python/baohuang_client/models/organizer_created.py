from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.new_key import NewKey
    from ..models.organizer import Organizer


T = TypeVar("T", bound="OrganizerCreated")


@_attrs_define
class OrganizerCreated:
    """
    Attributes:
        organizer (Organizer):
        key (NewKey):
    """

    organizer: Organizer
    key: NewKey

    def to_dict(self) -> dict[str, Any]:
        organizer = self.organizer.to_dict()

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "organizer": organizer,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.new_key import NewKey
        from ..models.organizer import Organizer

        d = dict(src_dict)
        organizer = Organizer.from_dict(d.pop("organizer"))

        key = NewKey.from_dict(d.pop("key"))

        organizer_created = cls(
            organizer=organizer,
            key=key,
        )

        return organizer_created
