from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.call_call import CallCall
from ..types import UNSET, Unset

T = TypeVar("T", bound="Call")


@_attrs_define
class Call:
    """
    Attributes:
        seat (int):
        call (CallCall):
        card (str | Unset): the suited card an accept (or a standard solo) calls, e.g. '9H'
    """

    seat: int
    call: CallCall
    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        call = self.call.value

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "call": call,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        call = CallCall(d.pop("call"))

        card = d.pop("card", UNSET)

        call = cls(
            seat=seat,
            call=call,
            card=card,
        )

        return call
