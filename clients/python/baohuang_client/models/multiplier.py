from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Multiplier")


@_attrs_define
class Multiplier:
    """
    Attributes:
        rule (str):
        factor (int):
        reason (str):
    """

    rule: str
    factor: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        rule = self.rule

        factor = self.factor

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rule": rule,
                "factor": factor,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rule = d.pop("rule")

        factor = d.pop("factor")

        reason = d.pop("reason")

        multiplier = cls(
            rule=rule,
            factor=factor,
            reason=reason,
        )

        return multiplier
