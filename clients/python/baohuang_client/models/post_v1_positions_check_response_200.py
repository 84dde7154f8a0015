from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.post_v1_positions_check_response_200_verdict import (
    PostV1PositionsCheckResponse200Verdict,
)

if TYPE_CHECKING:
    from ..models.outcome import Outcome
    from ..models.post_v1_positions_check_response_200_awaiting_type_0 import (
        PostV1PositionsCheckResponse200AwaitingType0,
    )
    from ..models.violation import Violation


T = TypeVar("T", bound="PostV1PositionsCheckResponse200")


@_attrs_define
class PostV1PositionsCheckResponse200:
    """
    Attributes:
        legal (bool): the move may be made after the record
        verdict (PostV1PositionsCheckResponse200Verdict): the referee's verdict on the record with the move added:
            incomplete while the game goes on, legal when the move ends it
        awaiting (None | PostV1PositionsCheckResponse200AwaitingType0): a legal call after which the crown still waits
            for a seat's answer (a transfer passed it on): that seat, and what it must do
        move (str): where the move stands in the record: /calls/k or /plays/k
        at_move (bool | None): not legal: true when the violation is the move's own, false when it is an earlier one's
            (the record was already wrong, or the crown is not settled); null when legal
        violation (None | Violation): as adjudication names it: code, pointer, seat, message, state (the snapshot)
        notes (list[str]):
        outcome (None | Outcome): the game's outcome, when the move ended it
    """

    legal: bool
    verdict: PostV1PositionsCheckResponse200Verdict
    awaiting: None | PostV1PositionsCheckResponse200AwaitingType0
    move: str
    at_move: bool | None
    violation: None | Violation
    notes: list[str]
    outcome: None | Outcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.outcome import Outcome
        from ..models.post_v1_positions_check_response_200_awaiting_type_0 import (
            PostV1PositionsCheckResponse200AwaitingType0,
        )
        from ..models.violation import Violation

        legal = self.legal

        verdict = self.verdict.value

        awaiting: dict[str, Any] | None
        if isinstance(self.awaiting, PostV1PositionsCheckResponse200AwaitingType0):
            awaiting = self.awaiting.to_dict()
        else:
            awaiting = self.awaiting

        move = self.move

        at_move: bool | None
        at_move = self.at_move

        violation: dict[str, Any] | None
        if isinstance(self.violation, Violation):
            violation = self.violation.to_dict()
        else:
            violation = self.violation

        notes = self.notes

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "legal": legal,
                "verdict": verdict,
                "awaiting": awaiting,
                "move": move,
                "at_move": at_move,
                "violation": violation,
                "notes": notes,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.outcome import Outcome
        from ..models.post_v1_positions_check_response_200_awaiting_type_0 import (
            PostV1PositionsCheckResponse200AwaitingType0,
        )
        from ..models.violation import Violation

        d = dict(src_dict)
        legal = d.pop("legal")

        verdict = PostV1PositionsCheckResponse200Verdict(d.pop("verdict"))

        def _parse_awaiting(
            data: object,
        ) -> None | PostV1PositionsCheckResponse200AwaitingType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                awaiting_type_0 = (
                    PostV1PositionsCheckResponse200AwaitingType0.from_dict(data)
                )

                return awaiting_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostV1PositionsCheckResponse200AwaitingType0, data)

        awaiting = _parse_awaiting(d.pop("awaiting"))

        move = d.pop("move")

        def _parse_at_move(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        at_move = _parse_at_move(d.pop("at_move"))

        def _parse_violation(data: object) -> None | Violation:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                violation_type_0 = Violation.from_dict(data)

                return violation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Violation, data)

        violation = _parse_violation(d.pop("violation"))

        notes = cast(list[str], d.pop("notes"))

        def _parse_outcome(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = Outcome.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        post_v1_positions_check_response_200 = cls(
            legal=legal,
            verdict=verdict,
            awaiting=awaiting,
            move=move,
            at_move=at_move,
            violation=violation,
            notes=notes,
            outcome=outcome,
        )

        post_v1_positions_check_response_200.additional_properties = d
        return post_v1_positions_check_response_200

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
