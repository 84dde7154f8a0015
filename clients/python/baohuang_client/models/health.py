from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (str):
        database (str | Unset):
        schema (str | Unset):
        background (str | Unset): ok: the background work beats its heartbeat; off: not run by this instance
    """

    status: str
    database: str | Unset = UNSET
    schema: str | Unset = UNSET
    background: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        database = self.database

        schema = self.schema

        background = self.background

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )
        if database is not UNSET:
            field_dict["database"] = database
        if schema is not UNSET:
            field_dict["schema"] = schema
        if background is not UNSET:
            field_dict["background"] = background

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = d.pop("status")

        database = d.pop("database", UNSET)

        schema = d.pop("schema", UNSET)

        background = d.pop("background", UNSET)

        health = cls(
            status=status,
            database=database,
            schema=schema,
            background=background,
        )

        return health
