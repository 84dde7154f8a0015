from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Difference")


@_attrs_define
class Difference:
    """
    Attributes:
        pointer (str): JSON pointer into the claim, e.g. /claimed/scores/2
        claimed (Any):
        computed (Any):
        reason (str):
    """

    pointer: str
    claimed: Any
    computed: Any
    reason: str

    def to_dict(self) -> dict[str, Any]:
        pointer = self.pointer

        claimed = self.claimed

        computed = self.computed

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pointer": pointer,
                "claimed": claimed,
                "computed": computed,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pointer = d.pop("pointer")

        claimed = d.pop("claimed")

        computed = d.pop("computed")

        reason = d.pop("reason")

        difference = cls(
            pointer=pointer,
            claimed=claimed,
            computed=computed,
            reason=reason,
        )

        return difference
