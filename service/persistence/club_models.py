"""SQLAlchemy models of a club beyond one evening: its members and their audit trail, seasons
and their tournaments, ratings with their history (the rest of the models: models.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base, utcnow


class Member(Base):
    """A member of an organizer's club: the person behind the players of its tournaments. Two
    members are merged by moving every player of one to the other (``merged_into`` then says
    where it went); a member is never deleted."""

    __tablename__ = "members"
    # One member per name key within an organizer: two requests adding one new name at once find
    # the same member (the loser's insert fails and it reads the winner's).
    __table_args__ = (
        Index("ix_members_organizer_id_name_key", "organizer_id", "name_key", unique=True),
        Index("ix_members_organizer_id_reading", "organizer_id", "reading"),  # the club's list, in name order
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(400))
    reading: Mapped[str] = mapped_column(String(400), server_default="", default="")  # names.reading: the list's order
    merged_into: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # How many players (tournaments) the member is, and in public tournaments: kept by the writes
    # that add, move or merge players or make a tournament private (the club's list reads them).
    players: Mapped[int] = mapped_column(Integer, server_default="0", default=0)
    public_players: Mapped[int] = mapped_column(Integer, server_default="0", default=0)


class MemberEvent(Base):
    """The audit trail of members: a player linked to a member, moved to another, two merged."""

    __tablename__ = "member_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"), index=True)
    action: Mapped[str] = mapped_column(String(10))  # moved, merged
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"))  # where the games went
    from_member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    key_id: Mapped[int | None] = mapped_column(ForeignKey("api_keys.id"))
    reason: Mapped[str | None] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(default=utcnow)


class Season(Base):
    """A season of an organizer's club: its tournaments (evenings) in order, and how they count."""

    __tablename__ = "seasons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    counting: Mapped[str] = mapped_column(String(10), default="all")  # all, or best (a member's best N)
    best: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class SeasonTournament(Base):
    __tablename__ = "season_tournaments"
    __table_args__ = (UniqueConstraint("season_id", "tournament_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id"), index=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    position: Mapped[int] = mapped_column(Integer)


class EveningFigures:
    """What a kept evening holds, and what kept sums add up (member_totals.KEPT): the evening's
    total with its byes' points, the rounds sat out, and a Contribution's figures (STAT_COLUMNS)."""

    evening_total: Mapped[int] = mapped_column(BigInteger)  # the games' points and the byes'
    byes: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(BigInteger)
    wins: Mapped[int] = mapped_column(Integer)
    draws: Mapped[int] = mapped_column(Integer)
    losses: Mapped[int] = mapped_column(Integer)
    emperor_games: Mapped[int] = mapped_column(Integer)
    emperor_total: Mapped[int] = mapped_column(BigInteger)
    emperor_wins: Mapped[int] = mapped_column(Integer)
    guard_games: Mapped[int] = mapped_column(Integer)
    guard_total: Mapped[int] = mapped_column(BigInteger)
    guard_wins: Mapped[int] = mapped_column(Integer)
    rebel_games: Mapped[int] = mapped_column(Integer)
    rebel_total: Mapped[int] = mapped_column(BigInteger)
    rebel_wins: Mapped[int] = mapped_column(Integer)


class SeasonEvening(EveningFigures, Base):
    """A member's evening in a season, kept beside the games (persistence/season_totals.py): the
    player's totals that evening (``total``: the games' points), the rounds sat out and the
    evening's total with their points. A row only for an evening the member played or sat out."""

    __tablename__ = "season_evenings"
    # a tournament's rows in a season: what a catch-up compares its evenings with
    __table_args__ = (Index("ix_season_evenings_tournament", "season_id", "tournament_id"),)

    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id"), primary_key=True)
    member_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    position: Mapped[int] = mapped_column(Integer)  # the evening's place in the season


# A member's best evenings first (the earlier among equal totals): a season counting each
# member's best N reads N rows of this index a member.
Index(
    "ix_season_evenings_best",
    SeasonEvening.season_id,
    SeasonEvening.member_id,
    SeasonEvening.evening_total.desc(),
    SeasonEvening.position,
)


class SeasonMember(EveningFigures, Base):
    """A member's season, kept: the sums of all their evenings in it (SeasonEvening), updated by
    what changes one of them. The season's standings read one row a member."""

    __tablename__ = "season_members"

    season_id: Mapped[int] = mapped_column(ForeignKey("seasons.id"), primary_key=True)
    member_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evenings: Mapped[int] = mapped_column(Integer)


class MemberEvening(EveningFigures, Base):
    """A member's evening, kept beside the games (persistence/member_totals.py): as a season's
    evening (SeasonEvening), and whether its tournament is private. A row only for an evening the
    member played or sat out."""

    __tablename__ = "member_evenings"
    # a tournament's rows: what a catch-up compares its evenings with
    __table_args__ = (Index("ix_member_evenings_tournament", "tournament_id"),)

    member_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    private: Mapped[bool] = mapped_column(Boolean)


class MemberTotals(EveningFigures, Base):
    """A member's totals, kept: the sums of their evenings (MemberEvening) in public tournaments
    and, apart, in private ones. A member's page reads one row (two for the organizer)."""

    __tablename__ = "member_totals"

    member_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    private: Mapped[bool] = mapped_column(Boolean, primary_key=True)
    evenings: Mapped[int] = mapped_column(Integer)


class SeasonMark(Base):
    """A tournament whose standings changed and whose kept rows (its members', its seasons') have
    not taken it in yet: written in the same transaction as the change, taken away by the catch-up that took it
    in (season_totals.catch_up); ``changes`` counts the changes, so a catch-up that read an
    earlier one leaves the mark of a later one."""

    __tablename__ = "season_marks"

    tournament_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    changes: Mapped[int] = mapped_column(Integer)


class MemberRating(Base):
    """A member's rating now (Weng-Lin, openskill): mu and sigma, the games it is made of, and a
    version that every rating update of the member raises (a member's page and charts are
    cached until it changes)."""

    __tablename__ = "member_ratings"

    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"), primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"), index=True)
    mu: Mapped[float] = mapped_column()
    sigma: Mapped[float] = mapped_column()
    games: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, server_default="0", default=0)


class RatingStep(Base):
    """A member's rating after one game (and the rated games it is made of then): the history a
    member's page draws, and where an update starts from (the member's last step before it)."""

    __tablename__ = "rating_steps"
    __table_args__ = (
        # an update deletes the organizer's steps from its first affected game on, in played order
        Index("ix_rating_steps_order", "organizer_id", "played_at", "game_id"),
        # a member's rating before a game, a member's history (and by evening)
        Index("ix_rating_steps_member_order", "member_id", "played_at", "game_id"),
        # a page of a member's history: a step's ``games`` is its place in it (1, 2, 3, … in
        # played order), so a page is a range of the index, whatever its offset
        Index("ix_rating_steps_member_games", "member_id", "games"),
        # a member's rating at the end of the evenings of a page of their evenings
        Index("ix_rating_steps_member_tournament", "member_id", "tournament_id"),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"))
    member_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    game_id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"))
    tournament_id: Mapped[int] = mapped_column(Integer)
    played_at: Mapped[datetime] = mapped_column()
    mu: Mapped[float] = mapped_column()
    sigma: Mapped[float] = mapped_column()
    games: Mapped[int] = mapped_column(Integer)


class RatingMark(Base):
    """A change the ratings have not taken in yet: they are brought up to date from the first
    game it affects (its moment and game id, in played order). Written in the same transaction
    as the change; taken away by the update that took it in (ratings.bring_up_to_date)."""

    __tablename__ = "rating_marks"
    __table_args__ = (Index("ix_rating_marks_organizer_id_id", "organizer_id", "id"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"))
    played_at: Mapped[datetime] = mapped_column()
    game_id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class RatingProgress(Base):
    """A catch-up of an organizer's ratings under way, in steps of a bounded number of games each
    committed on its own: where it began (``start``: the earliest change taken in), the next game
    to rate (``at``), and since when the ratings have been catching up. Gone when it ends; a
    worker stopped in the middle goes on from ``at`` (ratings.bring_up_to_date)."""

    __tablename__ = "rating_progress"

    organizer_id: Mapped[int] = mapped_column(ForeignKey("organizers.id"), primary_key=True)
    start_played_at: Mapped[datetime] = mapped_column()
    start_game_id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"))
    at_played_at: Mapped[datetime] = mapped_column()
    at_game_id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"))
    since: Mapped[datetime] = mapped_column()
