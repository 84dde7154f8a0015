"""SQLAlchemy models: organizers and their keys, tournaments, players, games and their versions.

A game is never deleted. Every submission, replacement and voiding is a
:class:`GameVersion`; the game points at its current one, and the seat rows of
the current version of a game that is not void are marked ``counted`` — the
standings add up exactly those rows.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from ..club.records import SeatShare
from ..text_and_time import utcnow as utcnow
from .column_types import SeatShares, UtcDateTime

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, datetime: UtcDateTime()}


class Organizer(Base):
    __tablename__ = "organizers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The club's own time (an IANA zone): a played_at without a zone is read in it, and pages,
    # round sheets and exports show times in it. Tournaments may have their own (time_zone).
    time_zone: Mapped[str] = mapped_column(String(64), server_default="Asia/Shanghai", default="Asia/Shanghai")

    keys: Mapped[list[ApiKey]] = relationship(back_populates="organizer")


ALL_SCOPES = "read enter manage keys"  # every scope: what keys made before scopes keep


class ApiKey(Base):
    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"), index=True)
    prefix: Mapped[str] = mapped_column(String(16))
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column()
    # What the key may do: scope names separated by spaces (service/tournament/scopes.py).
    scopes: Mapped[str] = mapped_column(String(100), default=ALL_SCOPES, server_default=ALL_SCOPES)
    last_used_at: Mapped[datetime | None] = mapped_column()

    organizer: Mapped[Organizer] = relationship(back_populates="keys")


class WebSession(Base):
    """A signed-in page: the cookie carries a token, the server keeps its hash. Deleting the row
    (signing out) ends the session; so does revoking its key (sessions are read with the key)."""

    __tablename__ = "web_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column()


class Tournament(Base):
    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    ruleset_name: Mapped[str] = mapped_column(String(50))
    ruleset_options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(10), default="open")
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # How rounds are seated (balanced or swiss), and what a player sitting out a round scores.
    seating: Mapped[str] = mapped_column(String(10), server_default="balanced", default="balanced")
    bye_points: Mapped[int] = mapped_column(Integer, server_default="0", default=0)
    # How many deals (局) each table plays a round: games entered by round and table are numbered 1…N.
    deals_per_round: Mapped[int] = mapped_column(Integer, server_default="1", default=1)
    # How long a table link stays usable after it is made (it also ends when its round closes).
    table_link_hours: Mapped[int] = mapped_column(Integer, server_default="12", default=12)
    time_zone: Mapped[str | None] = mapped_column(String(64))  # None: the organizer's
    # Whether a table's player acts with their own PIN (Player.pin): entering, confirming, withdrawing.
    player_pins: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)


class Player(Base):
    """A player of a tournament. Never deleted (their games stay): renamed, or withdrawn."""

    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("tournament_id", "name"),
        Index("ix_players_tournament_id_name_key", "tournament_id", "name_key", unique=True),
        Index("ix_players_member_tournament", "member_id", "tournament_id"),  # a member's evenings, a page
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    # The name as two names are compared (service.names.name_key): 'LAO WANG', 'lao wang' and
    # its full-width form are one player.
    name_key: Mapped[str] = mapped_column(String(400), server_default="")
    withdrawn_at: Mapped[datetime | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The club member this player is (members.py): the same person across tournaments. No
    # foreign key, as with game_seats' copies: the use cases set it (migration 0014 says why).
    member_id: Mapped[int | None] = mapped_column(Integer, index=True)
    pin: Mapped[str | None] = mapped_column(String(8))  # four digits, where the tournament asks for them


class Game(Base):
    __tablename__ = "games"
    __table_args__ = (
        UniqueConstraint("tournament_id", "record_hash"),
        Index("ix_games_tournament_id_played_at", "tournament_id", "played_at"),
        # the organizer's games in played order: what a rating update reads from its first game on
        Index("ix_games_organizer_order", "organizer_id", "played_at", "id"),
        # One game a deal of a table of a round, among the games that are not void.
        Index(
            "ix_games_round_table_deal",
            "tournament_id",
            "round_number",
            "table_no",
            "deal_no",
            unique=True,
            postgresql_where=text("NOT voided AND deal_no IS NOT NULL"),
            sqlite_where=text("NOT voided AND deal_no IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    organizer_id: Mapped[int] = mapped_column(Integer)  # the tournament's (the ratings read by organizer)
    # sha256 of the canonical record, for full play logs; NULL for result sheets (they may repeat)
    record_hash: Mapped[str | None] = mapped_column(String(64))
    current_version: Mapped[int] = mapped_column(Integer, default=1)
    voided: Mapped[bool] = mapped_column(Boolean, default=False)
    played_at: Mapped[datetime] = mapped_column(default=utcnow)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The round and table the game was played at, where it was entered against the seating.
    round_number: Mapped[int | None] = mapped_column(Integer)
    table_no: Mapped[int | None] = mapped_column(Integer)
    deal_no: Mapped[int | None] = mapped_column(Integer)  # which of the round's deals at that table


class Round(Base):
    """A round of a tournament: its tables of five and who sat out (RoundSeat)."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    method: Mapped[str] = mapped_column(String(10))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Closed by the director: its table links stop working; later changes are the director's.
    closed_at: Mapped[datetime | None] = mapped_column()


class RoundSeat(Base):
    """A player's place in a round: a table and a seat, or (both NULL) sitting out."""

    __tablename__ = "round_seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)  # a member's byes
    table_no: Mapped[int | None] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)


class TableLink(Base):
    """A table's link for one round: its token (kept only as a hash) lets the table enter and
    confirm its own deals of that round, until the round closes or the link expires. Making a
    round's links again ends the earlier ones (``revoked_at``)."""

    __tablename__ = "table_links"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    table_no: Mapped[int] = mapped_column(Integer)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # The token is HMAC(the server's secret, id and salt): the sheet is printed again from these,
    # and nothing usable is stored (persistence/tables.py, docs/tournaments.md).
    salt: Mapped[str | None] = mapped_column(String(64))
    key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id"))  # the director's key that made it
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column()
    revoked_at: Mapped[datetime | None] = mapped_column()
    # why it ended: remade (newer links), round (closed), tournament (closed), key (revoked)
    ended_by: Mapped[str | None] = mapped_column(String(10))


def _open_entry_index(name: str, state: str, *more: str) -> Index:
    where = text(f"state = '{state}'")
    columns = ("tournament_id", "round_number", "table_no", "deal_no", *more)
    return Index(name, *columns, unique=True, sqlite_where=where, postgresql_where=where)


class TableEntry(Base):
    """A deal's result as a table entered it: pending until a player of the other side confirms
    it (then it is stored as a game), disputed when the other side entered it differently, and
    settled by the director. Never deleted: with the game's versions it is the audit trail."""

    __tablename__ = "table_entries"
    __table_args__ = (
        Index("ix_table_entries_deal", "tournament_id", "round_number", "table_no", "deal_no"),
        UniqueConstraint("link_id", "nonce"),
        # A deal has at most one pending entry, and a dispute at most one version per side: the
        # database holds it, whatever requests race (migration 0015).
        _open_entry_index("uq_table_entries_pending", "pending"),
        _open_entry_index("uq_table_entries_disputed", "disputed", "side"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    round_number: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    deal_no: Mapped[int] = mapped_column(Integer)
    link_id: Mapped[int | None] = mapped_column(ForeignKey("table_links.id"))  # NULL: the director's
    nonce: Mapped[str | None] = mapped_column(String(64))  # a retry (a double tap) finds its entry
    kind: Mapped[str] = mapped_column(String(10))  # record or sheet
    body: Mapped[str] = mapped_column(Text)  # the submission as the table sent it
    outcome: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[tuple[SeatShare, ...]] = mapped_column(SeatShares)  # as judged when entered

    # the judged game's fingerprint (a full record; NULL for a sheet, or an entry from before 0021)
    record_hash: Mapped[str | None] = mapped_column(String(64))
    entered_by: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    side: Mapped[str] = mapped_column(String(10))  # crown (emperor and guard), rebels, or any (a void deal)
    # pending, disputed, confirmed; replaced (by a later entry of the same side), overruled
    # (the director chose another version), agreed (the other side entered the same result),
    # withdrawn (by the player who entered it, or the director)
    state: Mapped[str] = mapped_column(String(10))
    confirmed_by: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    game_id: Mapped[int | None] = mapped_column(BigInteger().with_variant(Integer, "sqlite"))
    resolved_by_key_id: Mapped[int | None] = mapped_column(ForeignKey("api_keys.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class GameVersion(Base):
    __tablename__ = "game_versions"
    __table_args__ = (UniqueConstraint("game_id", "version"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(10))  # submit, replace, void
    kind: Mapped[str | None] = mapped_column(String(10))  # record or sheet; NULL for a void
    body: Mapped[str | None] = mapped_column(Text)  # the submitted record or sheet, byte for byte
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    reason: Mapped[str | None] = mapped_column(String(500))
    key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class GameSeat(Base):
    """One seat of one version of a game: who sat there, what they were, what they scored."""

    __tablename__ = "game_seats"
    __table_args__ = (Index("ix_game_seats_tournament_id_counted_player_id", "tournament_id", "counted", "player_id"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("game_versions.id"), index=True)
    # The version's game and tournament, copied here for the standings and corrections to read
    # without joins. No foreign keys on the copies: version_id already ties the row to both, and
    # a key is checked on every insert (ten checks, a seventh of PostgreSQL's time a stored game).
    game_id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), index=True)
    tournament_id: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    seat: Mapped[int] = mapped_column(SmallInteger)
    role: Mapped[str] = mapped_column(String(10))  # emperor, guard or other (core.scoring.SeatResult)
    place: Mapped[int | None] = mapped_column(SmallInteger)
    score: Mapped[int] = mapped_column(Integer)
    rebelled: Mapped[bool] = mapped_column(Boolean, server_default=text("false"), default=False)  # called 造反
    counted: Mapped[bool] = mapped_column(Boolean, default=True)


class PlayerStats(Base):
    """Each player's standing, kept up to date by SQL in the same transaction as every game
    stored or corrected (see repository.apply_stats): the standings read 1 row a player."""

    __tablename__ = "player_stats"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(BigInteger, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    losses: Mapped[int] = mapped_column(Integer, default=0)
    emperor_games: Mapped[int] = mapped_column(Integer, default=0)
    emperor_total: Mapped[int] = mapped_column(BigInteger, default=0)
    emperor_wins: Mapped[int] = mapped_column(Integer, default=0)
    guard_games: Mapped[int] = mapped_column(Integer, default=0)
    guard_total: Mapped[int] = mapped_column(BigInteger, default=0)
    guard_wins: Mapped[int] = mapped_column(Integer, default=0)
    rebel_games: Mapped[int] = mapped_column(Integer, server_default="0", default=0)
    rebel_total: Mapped[int] = mapped_column(BigInteger, server_default="0", default=0)
    rebel_wins: Mapped[int] = mapped_column(Integer, server_default="0", default=0)


class IdempotentRequest(Base):
    """A game submission made with an Idempotency-Key: the game it stored, for a retry."""

    __tablename__ = "idempotent_requests"
    __table_args__ = (UniqueConstraint("organizer_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"))
    key: Mapped[str] = mapped_column(String(200))
    # What the key was first used for: a retry is a game of the same tournament, the same body.
    tournament_id: Mapped[int] = mapped_column(Integer)
    request_hash: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"))
    game: Mapped[dict[str, Any]] = mapped_column(JSON)  # the game as its submission was answered
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# The club's and the webhooks' tables live beside these (club_models.py, webhook_models.py);
# importing them here registers them
# with the same metadata, and every model is still found as ``models.X``.
from .club_models import (  # noqa: E402
    Member,
    MemberEvent,
    MemberRating,
    RatingMark,
    RatingProgress,
    RatingStep,
    Season,
    SeasonTournament,
)
from .webhook_models import Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent  # noqa: E402

__all__ = [
    "Member",
    "MemberEvent",
    "MemberRating",
    "RatingMark",
    "RatingProgress",
    "RatingStep",
    "Season",
    "SeasonTournament",
    "Webhook",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookEvent",
]
