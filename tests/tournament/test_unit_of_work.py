"""The unit of work turns what a use case recorded into what it means, once, when it commits: a
webhook event into its outbox row in the same transaction, changed rated games into a ratings
update after it; a unit of work left without committing leaves nothing of them."""

from __future__ import annotations

from sqlalchemy import select

from service.club import WebhookEvent
from service.club.events import Announced, RatingsChanged
from service.core.record_form import read_ruleset
from service.persistence.models import WebhookEvent as OutboxRow
from service.tournament import clubs, ratings
from service.tournament.unit_of_work import UnitOfWork


def _tournament(db) -> tuple[int, int]:
    with UnitOfWork(db) as uow:
        org = clubs.register_organizer(uow, "club").organizer.id
    with UnitOfWork(db) as uow:
        return org, clubs.create_tournament(uow, org, "evening", read_ruleset("weihai"), False).id


def _outbox(db, tid: int) -> list[tuple[str, dict]]:
    with UnitOfWork(db) as uow:
        rows = uow.session.scalars(select(OutboxRow).where(OutboxRow.tournament_id == tid).order_by(OutboxRow.id))
        return [(r.event, r.payload) for r in rows]


def test_recorded_events_are_written_when_the_unit_of_work_commits(db):
    _, tid = _tournament(db)
    closed = Announced(tid, WebhookEvent.ROUND_CLOSED, {"tournament_id": tid, "round": 1})
    with UnitOfWork(db) as uow:
        uow.record(closed)
        assert _outbox(db, tid) == []  # nothing before the commit
        uow.commit()
    assert _outbox(db, tid) == [("round.closed", {"tournament_id": tid, "round": 1})]
    with UnitOfWork(db) as uow:  # recorded, never committed: forgotten
        uow.record(Announced(tid, WebhookEvent.ROUND_REOPENED, {"tournament_id": tid, "round": 1}))
    with UnitOfWork(db) as uow:  # a second commit writes only what was recorded since the first
        uow.record(Announced(tid, WebhookEvent.ROUND_CREATED, {"tournament_id": tid, "round": 2}))
        uow.commit()
        uow.commit()
    assert [e for e, _ in _outbox(db, tid)] == ["round.closed", "round.created"]


def test_changed_ratings_are_brought_up_to_date_once_after_the_commit(db, monkeypatch):
    org, _ = _tournament(db)
    seen: list[tuple[int, bool]] = []

    def after_write(uow, organizer_id):
        seen.append((organizer_id, uow.session.in_transaction()))

    monkeypatch.setattr(ratings, "after_write", after_write)
    with UnitOfWork(db) as uow:
        uow.record(RatingsChanged(org), RatingsChanged(org))
        assert seen == []
        uow.commit()
    assert seen == [(org, False)]  # once for the organizer, with the write committed
    with UnitOfWork(db) as uow:
        uow.record(RatingsChanged(org))
    assert seen == [(org, False)]
