from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.key_create_scopes_item import KeyCreateScopesItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="KeyCreate")


@_attrs_define
class KeyCreate:
    """
    Attributes:
        label (None | str | Unset): the key's name, e.g. the app Trimmed and NFC-normalised; no control or format
            characters.
        scopes (list[KeyCreateScopesItem] | Unset): what the key may do (docs/tournaments.md): read, enter, manage,
            keys; all by default, at most the issuing key's
    """

    label: None | str | Unset = UNSET
    scopes: list[KeyCreateScopesItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = []
            for scopes_item_data in self.scopes:
                scopes_item = scopes_item_data.value
                scopes.append(scopes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if label is not UNSET:
            field_dict["label"] = label
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        _scopes = d.pop("scopes", UNSET)
        scopes: list[KeyCreateScopesItem] | Unset = UNSET
        if _scopes is not UNSET:
            scopes = []
            for scopes_item_data in _scopes:
                scopes_item = KeyCreateScopesItem(scopes_item_data)

                scopes.append(scopes_item)

        key_create = cls(
            label=label,
            scopes=scopes,
        )

        return key_create
