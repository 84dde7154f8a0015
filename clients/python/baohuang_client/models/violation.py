from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.violation_code import ViolationCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.violation_state import ViolationState


T = TypeVar("T", bound="Violation")


@_attrs_define
class Violation:
    """
    Attributes:
        code (ViolationCode):
        pointer (str): JSON pointer into the record, e.g. /plays/57
        seat (int | None):
        message (str):
        state (ViolationState): the game at that point: the seat's hand, the set on the table and who played it, whose
            turn it was, who had gone out
        line (int | Unset): a record sent in the game notation: the line where this call or play was written
        column (int | Unset): a record sent in the game notation: its column
    """

    code: ViolationCode
    pointer: str
    seat: int | None
    message: str
    state: ViolationState
    line: int | Unset = UNSET
    column: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        pointer = self.pointer

        seat: int | None
        seat = self.seat

        message = self.message

        state = self.state.to_dict()

        line = self.line

        column = self.column

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "pointer": pointer,
                "seat": seat,
                "message": message,
                "state": state,
            }
        )
        if line is not UNSET:
            field_dict["line"] = line
        if column is not UNSET:
            field_dict["column"] = column

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.violation_state import ViolationState

        d = dict(src_dict)
        code = ViolationCode(d.pop("code"))

        pointer = d.pop("pointer")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        message = d.pop("message")

        state = ViolationState.from_dict(d.pop("state"))

        line = d.pop("line", UNSET)

        column = d.pop("column", UNSET)

        violation = cls(
            code=code,
            pointer=pointer,
            seat=seat,
            message=message,
            state=state,
            line=line,
            column=column,
        )

        return violation
