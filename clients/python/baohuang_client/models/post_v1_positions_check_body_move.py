from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PostV1PositionsCheckBodyMove")


@_attrs_define
class PostV1PositionsCheckBodyMove:
    """the next move: a play {"seat", "cards"} or {"seat", "pass": true} (the seat may be left out), or a call {"seat",
    "call"} (with "card" where the ruleset calls cards), before the first play

        Attributes:
            seat (int | Unset):
            cards (list[str] | str | Unset):
            pass_ (bool | Unset):
            call (str | Unset):
            card (str | Unset):
    """

    seat: int | Unset = UNSET
    cards: list[str] | str | Unset = UNSET
    pass_: bool | Unset = UNSET
    call: str | Unset = UNSET
    card: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        cards: list[str] | str | Unset
        if isinstance(self.cards, Unset):
            cards = UNSET
        elif isinstance(self.cards, list):
            cards = self.cards

        else:
            cards = self.cards

        pass_ = self.pass_

        call = self.call

        card = self.card

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat
        if cards is not UNSET:
            field_dict["cards"] = cards
        if pass_ is not UNSET:
            field_dict["pass"] = pass_
        if call is not UNSET:
            field_dict["call"] = call
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat", UNSET)

        def _parse_cards(data: object) -> list[str] | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_1 = cast(list[str], data)

                return cards_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str | Unset, data)

        cards = _parse_cards(d.pop("cards", UNSET))

        pass_ = d.pop("pass", UNSET)

        call = d.pop("call", UNSET)

        card = d.pop("card", UNSET)

        post_v1_positions_check_body_move = cls(
            seat=seat,
            cards=cards,
            pass_=pass_,
            call=call,
            card=card,
        )

        post_v1_positions_check_body_move.additional_properties = d
        return post_v1_positions_check_body_move

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
