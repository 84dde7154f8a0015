from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Freshness")


@_attrs_define
class Freshness:
    """
    Attributes:
        up_to_date (bool): every change to the club's games is in the ratings
        pending_since (datetime.datetime | None): since when they are being brought up to date
        from_played_at (datetime.datetime | None): from the game played at this moment on
    """

    up_to_date: bool
    pending_since: datetime.datetime | None
    from_played_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        up_to_date = self.up_to_date

        pending_since: None | str
        if isinstance(self.pending_since, datetime.datetime):
            pending_since = self.pending_since.isoformat()
        else:
            pending_since = self.pending_since

        from_played_at: None | str
        if isinstance(self.from_played_at, datetime.datetime):
            from_played_at = self.from_played_at.isoformat()
        else:
            from_played_at = self.from_played_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "up_to_date": up_to_date,
                "pending_since": pending_since,
                "from_played_at": from_played_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        up_to_date = d.pop("up_to_date")

        def _parse_pending_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pending_since_type_0 = datetime.datetime.fromisoformat(data)

                return pending_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        pending_since = _parse_pending_since(d.pop("pending_since"))

        def _parse_from_played_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                from_played_at_type_0 = datetime.datetime.fromisoformat(data)

                return from_played_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        from_played_at = _parse_from_played_at(d.pop("from_played_at"))

        freshness = cls(
            up_to_date=up_to_date,
            pending_since=pending_since,
            from_played_at=from_played_at,
        )

        return freshness
