from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="NewKey")


@_attrs_define
class NewKey:
    """
    Attributes:
        id (int):
        prefix (str): the key's first characters, to tell keys apart
        label (None | str):
        scopes (list[str]): what the key may do (docs/tournaments.md): read, enter, manage, keys
        created_at (datetime.datetime):
        revoked_at (datetime.datetime | None):
        last_used_at (datetime.datetime | None): when the key was last used (to within 5 minutes)
        secret (str): the key itself: shown once, stored only as a hash
    """

    id: int
    prefix: str
    label: None | str
    scopes: list[str]
    created_at: datetime.datetime
    revoked_at: datetime.datetime | None
    last_used_at: datetime.datetime | None
    secret: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        prefix = self.prefix

        label: None | str
        label = self.label

        scopes = self.scopes

        created_at = self.created_at.isoformat()

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "prefix": prefix,
                "label": label,
                "scopes": scopes,
                "created_at": created_at,
                "revoked_at": revoked_at,
                "last_used_at": last_used_at,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        prefix = d.pop("prefix")

        def _parse_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        label = _parse_label(d.pop("label"))

        scopes = cast(list[str], d.pop("scopes"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        secret = d.pop("secret")

        new_key = cls(
            id=id,
            prefix=prefix,
            label=label,
            scopes=scopes,
            created_at=created_at,
            revoked_at=revoked_at,
            last_used_at=last_used_at,
            secret=secret,
        )

        return new_key
