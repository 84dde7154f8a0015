from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.option import Option


T = TypeVar("T", bound="Ruleset")


@_attrs_define
class Ruleset:
    """
    Attributes:
        name (str):
        description (str):
        deck_size (int):
        hand_sizes (list[int]): the five hands, largest first
        set_aside (None | str): a card kept out of the deal
        suits_required (bool): whether deals and called cards show suits
        crown (str): how emperor and guard are chosen
        options (list[Option]):
    """

    name: str
    description: str
    deck_size: int
    hand_sizes: list[int]
    set_aside: None | str
    suits_required: bool
    crown: str
    options: list[Option]

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        deck_size = self.deck_size

        hand_sizes = self.hand_sizes

        set_aside: None | str
        set_aside = self.set_aside

        suits_required = self.suits_required

        crown = self.crown

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "description": description,
                "deck_size": deck_size,
                "hand_sizes": hand_sizes,
                "set_aside": set_aside,
                "suits_required": suits_required,
                "crown": crown,
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.option import Option

        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        deck_size = d.pop("deck_size")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))

        def _parse_set_aside(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        set_aside = _parse_set_aside(d.pop("set_aside"))

        suits_required = d.pop("suits_required")

        crown = d.pop("crown")

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = Option.from_dict(options_item_data)

            options.append(options_item)

        ruleset = cls(
            name=name,
            description=description,
            deck_size=deck_size,
            hand_sizes=hand_sizes,
            set_aside=set_aside,
            suits_required=suits_required,
            crown=crown,
            options=options,
        )

        return ruleset
