from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.outcome_mode import OutcomeMode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.multiplier import Multiplier
    from ..models.outcome_claim import OutcomeClaim


T = TypeVar("T", bound="Outcome")


@_attrs_define
class Outcome:
    """
    Attributes:
        mode (OutcomeMode):
        emperor (int | None): null only for a void deal
        guard (int | None):
        rebels (list[int]):
        guard_revealed (bool):
        rebellion (bool):
        kicked_by (int | None):
        finishing_order (list[int]): seats, 1st first
        called_card (None | str): the card the emperor called
        multiplier (int):
        multipliers (list[Multiplier]):
        base_scores (list[int]): by seat, before multipliers
        scores (list[int]): by seat; they sum to zero
        claim (OutcomeClaim | Unset): stored games only: what the table claimed (claimed), where it parted from the
            rules (differences), and whether the rules' result was accepted over it (accepted_computed)
    """

    mode: OutcomeMode
    emperor: int | None
    guard: int | None
    rebels: list[int]
    guard_revealed: bool
    rebellion: bool
    kicked_by: int | None
    finishing_order: list[int]
    called_card: None | str
    multiplier: int
    multipliers: list[Multiplier]
    base_scores: list[int]
    scores: list[int]
    claim: OutcomeClaim | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        emperor: int | None
        emperor = self.emperor

        guard: int | None
        guard = self.guard

        rebels = self.rebels

        guard_revealed = self.guard_revealed

        rebellion = self.rebellion

        kicked_by: int | None
        kicked_by = self.kicked_by

        finishing_order = self.finishing_order

        called_card: None | str
        called_card = self.called_card

        multiplier = self.multiplier

        multipliers = []
        for multipliers_item_data in self.multipliers:
            multipliers_item = multipliers_item_data.to_dict()
            multipliers.append(multipliers_item)

        base_scores = self.base_scores

        scores = self.scores

        claim: dict[str, Any] | Unset = UNSET
        if not isinstance(self.claim, Unset):
            claim = self.claim.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "emperor": emperor,
                "guard": guard,
                "rebels": rebels,
                "guard_revealed": guard_revealed,
                "rebellion": rebellion,
                "kicked_by": kicked_by,
                "finishing_order": finishing_order,
                "called_card": called_card,
                "multiplier": multiplier,
                "multipliers": multipliers,
                "base_scores": base_scores,
                "scores": scores,
            }
        )
        if claim is not UNSET:
            field_dict["claim"] = claim

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.multiplier import Multiplier
        from ..models.outcome_claim import OutcomeClaim

        d = dict(src_dict)
        mode = OutcomeMode(d.pop("mode"))

        def _parse_emperor(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        emperor = _parse_emperor(d.pop("emperor"))

        def _parse_guard(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        guard = _parse_guard(d.pop("guard"))

        rebels = cast(list[int], d.pop("rebels"))

        guard_revealed = d.pop("guard_revealed")

        rebellion = d.pop("rebellion")

        def _parse_kicked_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        kicked_by = _parse_kicked_by(d.pop("kicked_by"))

        finishing_order = cast(list[int], d.pop("finishing_order"))

        def _parse_called_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        called_card = _parse_called_card(d.pop("called_card"))

        multiplier = d.pop("multiplier")

        multipliers = []
        _multipliers = d.pop("multipliers")
        for multipliers_item_data in _multipliers:
            multipliers_item = Multiplier.from_dict(multipliers_item_data)

            multipliers.append(multipliers_item)

        base_scores = cast(list[int], d.pop("base_scores"))

        scores = cast(list[int], d.pop("scores"))

        _claim = d.pop("claim", UNSET)
        claim: OutcomeClaim | Unset
        if isinstance(_claim, Unset):
            claim = UNSET
        else:
            claim = OutcomeClaim.from_dict(_claim)

        outcome = cls(
            mode=mode,
            emperor=emperor,
            guard=guard,
            rebels=rebels,
            guard_revealed=guard_revealed,
            rebellion=rebellion,
            kicked_by=kicked_by,
            finishing_order=finishing_order,
            called_card=called_card,
            multiplier=multiplier,
            multipliers=multipliers,
            base_scores=base_scores,
            scores=scores,
            claim=claim,
        )

        return outcome
