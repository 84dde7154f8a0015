from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (int):
        url (str):
        events (list[str]):
        created_at (datetime.datetime):
        secret (str | Unset): signs every delivery (X-Baohuang-Signature); shown once, when the webhook is registered
    """

    id: int
    url: str
    events: list[str]
    created_at: datetime.datetime
    secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = self.events

        created_at = self.created_at.isoformat()

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "created_at": created_at,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        secret = d.pop("secret", UNSET)

        webhook = cls(
            id=id,
            url=url,
            events=events,
            created_at=created_at,
            secret=secret,
        )

        return webhook
