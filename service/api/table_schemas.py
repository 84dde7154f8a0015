"""Schemas of score entry at the table: a table's deals, its entries, the director's board."""

from __future__ import annotations

from marshmallow import fields, validate

from ..club import DealState, EntryState, Side
from .schemas import RecordSchema, ScoreSheetSchema, StrictSchema
from .strict import Boolean, Integer, Name

DEAL_STATES = [x.value for x in DealState]
ENTRY_STATES = [x.value for x in EntryState]


class TablePlayerSchema(StrictSchema):
    seat = Integer(required=True)
    player_id = Integer(required=True)
    name = fields.String(required=True, allow_none=True)


class WhoSchema(StrictSchema):
    player_id = Integer(required=True)
    name = fields.String(required=True, allow_none=True)


class EntrySeatSchema(StrictSchema):
    seat = Integer(required=True)
    player_id = Integer(required=True)
    name = fields.String(required=True, allow_none=True)
    role = fields.String(required=True)
    place = Integer(required=True, allow_none=True)
    score = Integer(required=True)


class TableEntrySchema(StrictSchema):
    id = Integer(required=True)
    deal = Integer(required=True)
    state = fields.String(
        required=True,
        validate=validate.OneOf(ENTRY_STATES),
        metadata={
            "description": "pending (waiting for the other side), disputed, confirmed (stored as a game); kept for "
            "the record: replaced (by a later entry of the same side), overruled (the director chose another), "
            "agreed (the other side's identical entry, which confirmed the first), withdrawn (by the player "
            "who entered it, or the director)"
        },
    )
    kind = fields.String(required=True, validate=validate.OneOf(["record", "sheet"]))
    entered_by = fields.Nested(WhoSchema, required=True, allow_none=True)
    side = fields.String(
        required=True,
        validate=validate.OneOf([x.value for x in Side]),
        metadata={"description": "the side of the player who entered it (any: a void deal, or the director)"},
    )
    confirmed_by = fields.Nested(WhoSchema, required=True, allow_none=True)
    by_director = Boolean(required=True)
    game_id = Integer(required=True, allow_none=True)
    created_at = fields.DateTime(required=True)
    updated_at = fields.DateTime(required=True)
    seats = fields.List(fields.Nested(EntrySeatSchema), required=True)
    outcome = fields.Dict(required=True, metadata={"description": "the outcome, as a stored game shows it"})


class TableDealSchema(StrictSchema):
    deal = Integer(required=True)
    state = fields.String(required=True, validate=validate.OneOf(DEAL_STATES))
    game_id = Integer(required=True, allow_none=True)
    entries = fields.List(
        fields.Nested(TableEntrySchema),
        required=True,
        metadata={
            "description": "what decides the deal: the pending entry, both versions of a dispute, the confirmed one"
        },
    )


class TableTournamentSchema(StrictSchema):
    id = Integer(required=True)
    name = fields.String(required=True)
    ruleset = fields.String(required=True)
    player_pins = Boolean(
        required=True, metadata={"description": "entering, confirming and withdrawing carry the player's own pin"}
    )


class TableSchema(StrictSchema):
    tournament = fields.Nested(TableTournamentSchema, required=True)
    round = Integer(required=True)
    table = Integer(required=True)
    deals_per_round = Integer(required=True)
    expires_at = fields.DateTime(required=True)
    players = fields.List(fields.Nested(TablePlayerSchema), required=True)
    next_deal = Integer(required=True, allow_none=True, metadata={"description": "the deal a new entry is for"})
    deals = fields.List(fields.Nested(TableDealSchema), required=True)


class TableDealCreateSchema(StrictSchema):
    """What a table sends (documented here; the use case reads it, like a game submission)."""

    entered_by = Integer(required=True, metadata={"description": "the player id of the table's player entering it"})
    pin = fields.String(
        validate=validate.Length(max=8),
        metadata={"description": "the acting player's own PIN, where the tournament asks for it (player_pins)"},
    )
    deal = Integer(
        metadata={"description": "which deal (default: the next one not entered); a page sends the deal it shows"}
    )
    replace = Boolean(
        metadata={"description": "replace this side's own version of the deal, still waiting (else 409 deal_entered)"}
    )
    repeat = Boolean(
        metadata={
            "description": "keep an entry identical to the table's previous deal, entered minutes ago "
            "(else 409 same_as_previous_deal)"
        }
    )
    sheet = fields.Nested(ScoreSheetSchema, metadata={"description": "a result sheet (as POST /v1/scores)"})
    record = fields.Nested(RecordSchema, metadata={"description": "or a full record (as POST /v1/adjudications)"})
    claimed = fields.Dict(metadata={"description": "the table's own result, checked against the rules'"})
    accept_computed = Boolean(metadata={"description": "store the rules' result where the claim differs"})


class ConfirmSchema(StrictSchema):
    player = Integer(required=True, metadata={"description": "the player id of a player of the other side"})
    pin = fields.String(
        validate=validate.Length(max=8),
        metadata={"description": "the acting player's own PIN, where the tournament asks for it (player_pins)"},
    )
    entry = Integer(
        required=True,
        metadata={
            "description": "the id of the version shown and accepted; if it was replaced since, 409 entry_replaced "
            "with the version now waiting"
        },
    )


class WithdrawSchema(StrictSchema):
    player = Integer(
        metadata={"description": "with the table token: the player who entered it (the director's key needs none)"}
    )
    entry = Integer(required=True, metadata={"description": "the id of the open entry to withdraw"})
    pin = fields.String(
        validate=validate.Length(max=8),
        metadata={"description": "the acting player's own PIN, where the tournament asks for it (player_pins)"},
    )


class PlayerPinSchema(StrictSchema):
    player_id = Integer(required=True)
    name = fields.String(required=True)
    table = Integer(required=True)
    pin = fields.String(required=True)


class PinsSchema(StrictSchema):
    tournament_id = Integer(required=True)
    round = Integer(required=True)
    pins = fields.List(fields.Nested(PlayerPinSchema), required=True)


class EntriesSchema(StrictSchema):
    tournament_id = Integer(required=True)
    round = Integer(required=True)
    entries = fields.List(fields.Nested(TableEntrySchema), required=True)


class ResolveSchema(StrictSchema):
    """The director settles a deal: choose an entry, or enter the deal (a sheet or a record)."""

    entry = Integer(metadata={"description": "the entry (version) chosen"})
    sheet = fields.Nested(ScoreSheetSchema)
    record = fields.Nested(RecordSchema)
    claimed = fields.Dict()
    accept_computed = Boolean()
    reason = Name(max_length=300, what="a reason")


class ResolvedSchema(StrictSchema):
    round = Integer(required=True)
    table = Integer(required=True)
    deal = Integer(required=True)
    game_id = Integer(required=True)
    entry_id = Integer(required=True)


class LinkSchema(StrictSchema):
    table = Integer(required=True)
    token = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "the table token (X-Table-Token); null when it cannot be made again (the server's "
            "secret changed): make new links"
        },
    )
    path = fields.String(required=True, allow_none=True)
    url = fields.String(required=True, allow_none=True, metadata={"description": "the table's page, for its QR code"})
    players = fields.List(fields.Nested(TablePlayerSchema), required=True)


class LinksSchema(StrictSchema):
    tournament_id = Integer(required=True)
    round = Integer(required=True)
    expires_at = fields.DateTime(required=True)
    links = fields.List(fields.Nested(LinkSchema), required=True)


class BoardTableSchema(StrictSchema):
    table = Integer(required=True)
    players = fields.List(fields.Nested(TablePlayerSchema), required=True)
    last_activity = fields.DateTime(required=True, allow_none=True)
    silent_seconds = Integer(required=True, allow_none=True, metadata={"description": "since the table's last entry"})
    link_expires_at = fields.DateTime(required=True, allow_none=True)
    deals = fields.List(fields.Nested(TableDealSchema), required=True)


class BoardCountsSchema(StrictSchema):
    missing = Integer(required=True)
    pending = Integer(required=True)
    disputed = Integer(required=True)
    confirmed = Integer(required=True)


class BoardSchema(StrictSchema):
    tournament_id = Integer(required=True)
    round = Integer(required=True)
    closed_at = fields.DateTime(required=True, allow_none=True)
    deals_per_round = Integer(required=True)
    counts = fields.Nested(BoardCountsSchema, required=True)
    version = fields.String(required=True, metadata={"description": "changes whenever the board does (its ETag)"})
    tables = fields.List(fields.Nested(BoardTableSchema), required=True)


class DealRefSchema(StrictSchema):
    table = Integer(required=True)
    deal = Integer(required=True)


class LeftSchema(StrictSchema):
    pending = fields.List(fields.Nested(DealRefSchema), required=True)
    disputed = fields.List(fields.Nested(DealRefSchema), required=True)
    missing = fields.List(fields.Nested(DealRefSchema), required=True)


class ClosedRoundSchema(StrictSchema):
    tournament_id = Integer(required=True)
    round = Integer(required=True)
    closed_at = fields.DateTime(required=True)
    left = fields.Nested(
        LeftSchema, required=True, metadata={"description": "the deals not confirmed when it closed: the director's"}
    )


class ReopenedRoundSchema(StrictSchema):
    tournament_id = Integer(required=True)
    round = Integer(required=True)
    closed_at = fields.DateTime(required=True, allow_none=True, metadata={"description": "null: the round is open"})
    left = fields.Nested(LeftSchema, required=True, metadata={"description": "the deals not confirmed yet"})
