from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Play")


@_attrs_define
class Play:
    """
    Attributes:
        seat (int | Unset): the seat playing; left out, it is the seat whose turn it is
        cards (list[str] | str | Unset): Cards: 6 7 8 9 10 (or T) J Q K A 2 SJ BJ; the marked jokers BJ* and SJ*; an
            optional suit after a rank (7S, 7H, 7D, 7C or 7♠ …).
        pass_ (bool | Unset): true for a pass (then no cards)
    """

    seat: int | Unset = UNSET
    cards: list[str] | str | Unset = UNSET
    pass_: bool | Unset = UNSET

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

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat
        if cards is not UNSET:
            field_dict["cards"] = cards
        if pass_ is not UNSET:
            field_dict["pass"] = pass_

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

        play = cls(
            seat=seat,
            cards=cards,
            pass_=pass_,
        )

        return play
