from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.difference import Difference


T = TypeVar("T", bound="ClaimCheck")


@_attrs_define
class ClaimCheck:
    """
    Attributes:
        checked (bool): false when the record is not legal: nothing to check against
        matches (bool | None):
        differences (list[Difference]):
    """

    checked: bool
    matches: bool | None
    differences: list[Difference]

    def to_dict(self) -> dict[str, Any]:
        checked = self.checked

        matches: bool | None
        matches = self.matches

        differences = []
        for differences_item_data in self.differences:
            differences_item = differences_item_data.to_dict()
            differences.append(differences_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "checked": checked,
                "matches": matches,
                "differences": differences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.difference import Difference

        d = dict(src_dict)
        checked = d.pop("checked")

        def _parse_matches(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        matches = _parse_matches(d.pop("matches"))

        differences = []
        _differences = d.pop("differences")
        for differences_item_data in _differences:
            differences_item = Difference.from_dict(differences_item_data)

            differences.append(differences_item)

        claim_check = cls(
            checked=checked,
            matches=matches,
            differences=differences,
        )

        return claim_check
