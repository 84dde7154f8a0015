from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.problem_item_code import ProblemItemCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProblemItem")


@_attrs_define
class ProblemItem:
    """
    Attributes:
        pointer (str): JSON pointer to the offending element of the body ('' for the whole body), or /query/NAME for a
            query parameter
        code (ProblemItemCode): A stable code (never changes meaning):

            - `invalid_round`: round and table are given together, as numbers from 1
            - `invalid_deal_number`: a deal number from 1 to the tournament's deals_per_round, given with round and table
            - `unknown_round`: the tournament has no round of that number
            - `unknown_table`: the round has no table of that number
            - `players_not_at_table`: the players given are not the ones the round seated at that table
            - `not_at_table`: a table's entry or confirmation names a player who does not sit at that table
            - `same_side`: a deal entered at a table is confirmed by a player of the other side, not of the side that
            entered it
            - `not_the_enterer`: a pending entry at a table is withdrawn by the player who entered it (or the director)
            - `wrong_pin`: the tournament asks for each player's own PIN at the table (player_pins): it is missing or not
            that player's
            - `unknown_entry`: the director chose an entry that is not one of the deal's open versions
            - `notation_error`: a body in the game notation (text/x-baohuang) is not the notation here: the problem names
            its line and column
            - `invalid_notation`: a body sent as the game notation is not UTF-8 text
            - `invalid_character`: a body sent as the game notation holds a NUL (U+0000): no text of the notation does, and
            no database keeps it
            - `invalid_json`: not JSON, or JSON this service does not accept (NaN, Infinity, a number too large, nested too
            deeply, not UTF-8)
            - `duplicate_key`: an object names the same key twice
            - `unsupported_media_type`: the body is not sent as JSON (Content-Type)
            - `empty_line`: an empty line in NDJSON input (the command line, a stream of games)
            - `missing_scope`: the request's key lacks the scope its operation needs (`scope` names it: read, enter, manage
            or keys)
            - `call_after_first_play`: a move checked after a record with plays is a call: the calls are all made before the
            first play
            - `too_many_plays`: more plays than any game of the ruleset can have (five a card of its deck): the record is
            read no further; `limit` says how many
            - `too_many_calls`: more calls than any game can have: the record is read no further; `limit` says how many
            - `too_many_lines`: a game in the notation with more lines than any game needs: the text is read no further;
            `limit` says how many
            - `line_too_long`: an NDJSON line longer than one game's body may be (BAOHUANG_MAX_BODY_BYTES): the line is not
            read; `limit` says how many bytes
            - `unknown_field`: a field the operation does not know
            - `unexpected_field`: a field that does not belong here in this case (e.g. a card for a call that names none)
            - `missing_field`: a required field is missing
            - `invalid_type`: a value of the wrong JSON type
            - `invalid_value`: a value out of range or not one of the allowed values
            - `conflicting_fields`: fields that cannot go together (cards and pass in one play)
            - `invalid_datetime`: not an ISO 8601 date and time, or out of range once shifted to UTC
            - `played_at_in_future`: a game's played_at lies in the future (a time without a zone is read in the
            tournament's time zone, `time_zone` says which)
            - `invalid_seat`: a seat is an integer from 0 to 4
            - `unknown_ruleset`: no ruleset of that name
            - `unknown_option`: the ruleset has no such option
            - `invalid_option`: an option value not allowed, or options that cannot go together
            - `ruleset_mismatch`: a game names another ruleset than its tournament's
            - `invalid_deal`: the deal is not five hands
            - `deal_required`: without the deal, the record leaves open what the deal would settle (who was dealt which hand
            size, which decliners gave a 2), and the answer depends on it: the problem lists the possibilities
            - `unknown_card`: a card token the notation does not know
            - `suit_required`: a card without the suit this ruleset needs
            - `unknown_call`: a call the referee does not know
            - `invalid_play`: a play that is not an object with seat, and cards or pass
            - `empty_play`: a play with no cards (a pass is written pass: true)
            - `guard_unknown`: without a deal, nothing in the record tells who the guard was: name it
            - `guard_contradicts_deal`: the guard named is not the one the deal makes
            - `invalid_mode`: mode is normal, hidden_solo, open_solo, surrender or void
            - `missing_guard`: a normal game names its guard
            - `guard_is_emperor`: in a normal game the guard is not the emperor
            - `guard_in_solo`: a solo has no guard
            - `duplicate_seat`: a seat twice in the finishing order or the rebels
            - `not_a_permutation`: the finishing order is not the five seats once each
            - `not_played`: a game that ended without play has no finishing order
            - `void_has_no_emperor`: a void deal has no emperor
            - `void_not_possible`: the ruleset has no void deals
            - `reveal_without_guard`: only a game with a guard has a reveal
            - `rebel_not_allowed`: a rebel that cannot rebel (the emperor, the guard, anyone in a solo)
            - `kick_without_declaration`: a kick with no open declaration by the other side
            - `surrender_not_allowed`: a surrender where the ruleset or the game allows none
            - `record_or_sheet`: a game has either a record or a sheet
            - `invalid_players`: players is an array of five player ids, seat 0 first
            - `unknown_player`: the tournament has no such player
            - `duplicate_player`: a player sits twice
            - `duplicate_name`: a name in a pasted list of players is given twice, or the tournament has it already (as a
            reader would take it: docs/tournaments.md)
            - `too_many_players`: the tournament has as many players as a tournament may have (BAOHUANG_MAX_PLAYERS);
            `limit` says how many
            - `withdrawn_player`: a withdrawn player cannot be seated in a new game
            - `invalid_action`: a correction's action is void or replace
            - `missing_reason`: a correction gives its reason
            - `invalid_reason`: a reason is 1 to 500 characters of text without control characters
            - `claim_differs`: the result the table claims is not the rules' result (send accept_computed to store the
            rules' result)
            - `url_not_allowed`: a webhook URL the service will not post to: not http(s), with a user name or password, or a
            host that is (or resolves to) a loopback, private, link-local or other internal address
            - `idempotency_key_reused`: an Idempotency-Key already used for another request (method, path or body)
        detail (str): what is wrong, for a person
        missing (str | Unset): for a fact the record leaves open and the answer depends on: which (e.g. 'guard')
        candidates (list[Any] | Unset): the values that fact could take (the seats that could be the guard, the ways the
            hand sizes could have been dealt)
        claimed (Any | Unset): claim_differs: what the table claimed at this pointer
        computed (Any | Unset): claim_differs: what the rules give there
        line (int | Unset): a body in the game notation: the line (1-based) of the problem
        column (int | Unset): a body in the game notation: the column (1-based) of the problem
        limit (int | Unset): too_many_plays, too_many_calls, too_many_lines, line_too_long: the bound
        found (int | Unset): too_many_plays, too_many_calls, too_many_lines: how many the body has
    """

    pointer: str
    code: ProblemItemCode
    detail: str
    missing: str | Unset = UNSET
    candidates: list[Any] | Unset = UNSET
    claimed: Any | Unset = UNSET
    computed: Any | Unset = UNSET
    line: int | Unset = UNSET
    column: int | Unset = UNSET
    limit: int | Unset = UNSET
    found: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pointer = self.pointer

        code = self.code.value

        detail = self.detail

        missing = self.missing

        candidates: list[Any] | Unset = UNSET
        if not isinstance(self.candidates, Unset):
            candidates = self.candidates

        claimed = self.claimed

        computed = self.computed

        line = self.line

        column = self.column

        limit = self.limit

        found = self.found

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pointer": pointer,
                "code": code,
                "detail": detail,
            }
        )
        if missing is not UNSET:
            field_dict["missing"] = missing
        if candidates is not UNSET:
            field_dict["candidates"] = candidates
        if claimed is not UNSET:
            field_dict["claimed"] = claimed
        if computed is not UNSET:
            field_dict["computed"] = computed
        if line is not UNSET:
            field_dict["line"] = line
        if column is not UNSET:
            field_dict["column"] = column
        if limit is not UNSET:
            field_dict["limit"] = limit
        if found is not UNSET:
            field_dict["found"] = found

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pointer = d.pop("pointer")

        code = ProblemItemCode(d.pop("code"))

        detail = d.pop("detail")

        missing = d.pop("missing", UNSET)

        candidates = cast(list[Any], d.pop("candidates", UNSET))

        claimed = d.pop("claimed", UNSET)

        computed = d.pop("computed", UNSET)

        line = d.pop("line", UNSET)

        column = d.pop("column", UNSET)

        limit = d.pop("limit", UNSET)

        found = d.pop("found", UNSET)

        problem_item = cls(
            pointer=pointer,
            code=code,
            detail=detail,
            missing=missing,
            candidates=candidates,
            claimed=claimed,
            computed=computed,
            line=line,
            column=column,
            limit=limit,
            found=found,
        )

        return problem_item
