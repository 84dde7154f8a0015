from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.post_v1_positions_response_200_phase import (
    PostV1PositionsResponse200Phase,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.call import Call
    from ..models.outcome import Outcome
    from ..models.post_v1_positions_response_200_legal import (
        PostV1PositionsResponse200Legal,
    )
    from ..models.post_v1_positions_response_200_roles_type_0 import (
        PostV1PositionsResponse200RolesType0,
    )
    from ..models.post_v1_positions_response_200_trick_type_0 import (
        PostV1PositionsResponse200TrickType0,
    )
    from ..models.violation import Violation


T = TypeVar("T", bound="PostV1PositionsResponse200")


@_attrs_define
class PostV1PositionsResponse200:
    """
    Attributes:
        phase (PostV1PositionsResponse200Phase): crown: the crown waits for `seat`'s answer; play: `seat` is to play
            (and, before the first play, declarations are open); over: the game is finished (`outcome`); illegal: the record
            breaks a rule (`violation`)
        seat (int | None): the seat to act
        hand (None | str): the seat to act's cards, when the deal is known
        cards_left (list[int | None]): each seat's count of cards (null where it depends on the hidden deal)
        out (list[int]): seats gone out, in finishing order
        trick (None | PostV1PositionsResponse200TrickType0): the set to beat and whose it is; null when the seat leads
        calls (list[Call]): the calls made, as the record gives them
        roles (None | PostV1PositionsResponse200RolesType0): what the calls settled so far, with the deal; null in the
            crown, or without the deal (then `unknown` says so)
        calls_open (list[Call]): every call open now, each checked by the referee
        legal (PostV1PositionsResponse200Legal): pass: whether the seat may pass (null where it depends on hidden
            cards); plays: every legal set, by size, at most 200 a page (null without the deal or in the crown);
            next_cursor: the `cursor` of the next page, null on the last
        unknown (list[str]): what depends on hidden cards
        violation (None | Unset | Violation): phase illegal: the rule the record breaks
        outcome (None | Outcome | Unset): phase over: how the game ended
        notes (list[str] | Unset):
    """

    phase: PostV1PositionsResponse200Phase
    seat: int | None
    hand: None | str
    cards_left: list[int | None]
    out: list[int]
    trick: None | PostV1PositionsResponse200TrickType0
    calls: list[Call]
    roles: None | PostV1PositionsResponse200RolesType0
    calls_open: list[Call]
    legal: PostV1PositionsResponse200Legal
    unknown: list[str]
    violation: None | Unset | Violation = UNSET
    outcome: None | Outcome | Unset = UNSET
    notes: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.outcome import Outcome
        from ..models.post_v1_positions_response_200_roles_type_0 import (
            PostV1PositionsResponse200RolesType0,
        )
        from ..models.post_v1_positions_response_200_trick_type_0 import (
            PostV1PositionsResponse200TrickType0,
        )
        from ..models.violation import Violation

        phase = self.phase.value

        seat: int | None
        seat = self.seat

        hand: None | str
        hand = self.hand

        cards_left = []
        for cards_left_item_data in self.cards_left:
            cards_left_item: int | None
            cards_left_item = cards_left_item_data
            cards_left.append(cards_left_item)

        out = self.out

        trick: dict[str, Any] | None
        if isinstance(self.trick, PostV1PositionsResponse200TrickType0):
            trick = self.trick.to_dict()
        else:
            trick = self.trick

        calls = []
        for calls_item_data in self.calls:
            calls_item = calls_item_data.to_dict()
            calls.append(calls_item)

        roles: dict[str, Any] | None
        if isinstance(self.roles, PostV1PositionsResponse200RolesType0):
            roles = self.roles.to_dict()
        else:
            roles = self.roles

        calls_open = []
        for calls_open_item_data in self.calls_open:
            calls_open_item = calls_open_item_data.to_dict()
            calls_open.append(calls_open_item)

        legal = self.legal.to_dict()

        unknown = self.unknown

        violation: dict[str, Any] | None | Unset
        if isinstance(self.violation, Unset):
            violation = UNSET
        elif isinstance(self.violation, Violation):
            violation = self.violation.to_dict()
        else:
            violation = self.violation

        outcome: dict[str, Any] | None | Unset
        if isinstance(self.outcome, Unset):
            outcome = UNSET
        elif isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        notes: list[str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "phase": phase,
                "seat": seat,
                "hand": hand,
                "cards_left": cards_left,
                "out": out,
                "trick": trick,
                "calls": calls,
                "roles": roles,
                "calls_open": calls_open,
                "legal": legal,
                "unknown": unknown,
            }
        )
        if violation is not UNSET:
            field_dict["violation"] = violation
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.call import Call
        from ..models.outcome import Outcome
        from ..models.post_v1_positions_response_200_legal import (
            PostV1PositionsResponse200Legal,
        )
        from ..models.post_v1_positions_response_200_roles_type_0 import (
            PostV1PositionsResponse200RolesType0,
        )
        from ..models.post_v1_positions_response_200_trick_type_0 import (
            PostV1PositionsResponse200TrickType0,
        )
        from ..models.violation import Violation

        d = dict(src_dict)
        phase = PostV1PositionsResponse200Phase(d.pop("phase"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_hand(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        hand = _parse_hand(d.pop("hand"))

        cards_left = []
        _cards_left = d.pop("cards_left")
        for cards_left_item_data in _cards_left:

            def _parse_cards_left_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            cards_left_item = _parse_cards_left_item(cards_left_item_data)

            cards_left.append(cards_left_item)

        out = cast(list[int], d.pop("out"))

        def _parse_trick(data: object) -> None | PostV1PositionsResponse200TrickType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_0 = PostV1PositionsResponse200TrickType0.from_dict(data)

                return trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostV1PositionsResponse200TrickType0, data)

        trick = _parse_trick(d.pop("trick"))

        calls = []
        _calls = d.pop("calls")
        for calls_item_data in _calls:
            calls_item = Call.from_dict(calls_item_data)

            calls.append(calls_item)

        def _parse_roles(data: object) -> None | PostV1PositionsResponse200RolesType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                roles_type_0 = PostV1PositionsResponse200RolesType0.from_dict(data)

                return roles_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostV1PositionsResponse200RolesType0, data)

        roles = _parse_roles(d.pop("roles"))

        calls_open = []
        _calls_open = d.pop("calls_open")
        for calls_open_item_data in _calls_open:
            calls_open_item = Call.from_dict(calls_open_item_data)

            calls_open.append(calls_open_item)

        legal = PostV1PositionsResponse200Legal.from_dict(d.pop("legal"))

        unknown = cast(list[str], d.pop("unknown"))

        def _parse_violation(data: object) -> None | Unset | Violation:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                violation_type_0 = Violation.from_dict(data)

                return violation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | Violation, data)

        violation = _parse_violation(d.pop("violation", UNSET))

        def _parse_outcome(data: object) -> None | Outcome | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = Outcome.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome | Unset, data)

        outcome = _parse_outcome(d.pop("outcome", UNSET))

        notes = cast(list[str], d.pop("notes", UNSET))

        post_v1_positions_response_200 = cls(
            phase=phase,
            seat=seat,
            hand=hand,
            cards_left=cards_left,
            out=out,
            trick=trick,
            calls=calls,
            roles=roles,
            calls_open=calls_open,
            legal=legal,
            unknown=unknown,
            violation=violation,
            outcome=outcome,
            notes=notes,
        )

        post_v1_positions_response_200.additional_properties = d
        return post_v1_positions_response_200

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
