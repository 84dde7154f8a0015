from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PostV1PositionsCheckResponse200AwaitingType0")


@_attrs_define
class PostV1PositionsCheckResponse200AwaitingType0:
    """a legal call after which the crown still waits for a seat's answer (a transfer passed it on): that seat, and what it
    must do

        Attributes:
            seat (int | Unset):
            message (str | Unset):
    """

    seat: int | Unset = UNSET
    message: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat", UNSET)

        message = d.pop("message", UNSET)

        post_v1_positions_check_response_200_awaiting_type_0 = cls(
            seat=seat,
            message=message,
        )

        post_v1_positions_check_response_200_awaiting_type_0.additional_properties = d
        return post_v1_positions_check_response_200_awaiting_type_0

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
