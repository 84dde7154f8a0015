"""Submitting and correcting a game (service/tournament/games.py, corrections.py) against the fake
unit of work: no database. What each stores, refuses and records; that a refusal leaves nothing
behind; and, over random sequences of corrections, what a game's history always is."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.club import WebhookEvent
from service.club.errors import Conflict, DuplicateGame, NotFound
from service.club.events import Announced, GameStored, RatingsChanged
from service.core import random_record
from service.persistence.keys import KeyRef
from service.tournament import corrections, games, tables
from service.tournament.errors import IllegalGame, MissingScope, Rejected, Unauthenticated

from .fakes import Club, FakeUnitOfWork, Key

SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 2, 3, 1, 4]}
OTHER_SHEET = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [2, 3, 0, 4, 1]}


def _club(*, private: bool = False) -> tuple[Club, int, list[int]]:
    club = Club()
    token = club.table(private=private)
    tid = club.links[token].tournament_id
    return club, tid, club.seating[(tid, 1, 1)]


def _submit(club, tid, doc, idem=None, secret="secret"):
    with FakeUnitOfWork(club) as uow:
        return games.submit_game(uow, secret, tid, games.Body(doc, json.dumps(doc)), idem)


def _correct(club, tid, game_id, doc):
    with FakeUnitOfWork(club) as uow:
        return corrections.correct_game(uow, KeyRef(1, 1, None), tid, game_id, doc, json.dumps(doc))


def _announced(club):
    return [(e.event, dict(e.payload)) for e in club.events if isinstance(e, Announced)]


def _ratings(club):
    """What the recorded events change of the ratings, as the unit of work reads them."""
    changed = [e.ratings() if isinstance(e, GameStored) else e for e in club.events]
    return [e for e in changed if isinstance(e, RatingsChanged)]


# --- submitting -------------------------------------------------------------------------------


def test_a_submitted_game_is_stored_zero_sum_and_its_ratings_are_brought_up_to_date():
    club, tid, ids = _club()
    done = _submit(club, tid, {"players": ids, "record": random_record(3)})
    assert not done.replayed
    game = done.game
    assert [s.player_id for s in game.seats] == ids and sum(s.score for s in game.seats) == 0
    assert (game.version, game.voided, game.kind) == (1, False, "record")
    (row,) = club.games.values()
    assert row.id == game.id and row.record_hash is not None
    assert _ratings(club) == [RatingsChanged(1, since=(row.played_at, game.id))] and club.commits == 1
    (new,) = [e for e in club.events if isinstance(e, GameStored)]
    assert new.announced().payload == {"tournament_id": tid, "game_id": game.id, "version": 1}


def test_a_private_tournaments_game_changes_no_rating():
    club, tid, ids = _club(private=True)
    _submit(club, tid, {"players": ids, "sheet": SHEET})
    assert len(club.games) == 1 and not _ratings(club)
    assert [e.rated for e in club.events if isinstance(e, GameStored)] == [False]  # announced, not rated


def test_a_wrong_key_is_told_so_before_anything_else_and_a_key_without_enter_is_refused():
    club, tid, ids = _club()
    with pytest.raises(Unauthenticated):
        _submit(club, tid, "not even a game", secret="wrong")
    club.keys[2] = Key(2, secret="reader", scopes="read")
    with pytest.raises(MissingScope):
        _submit(club, tid, {"players": ids, "sheet": SHEET}, secret="reader")
    assert not club.games and club.commits == 0


def test_an_illegal_game_is_rejected_and_nothing_is_stored():
    club, tid, ids = _club()
    record = random_record(5)
    record["plays"][3] = {"seat": record["plays"][3].get("seat", 0), "cards": "QS QS QS QS QS"}
    with pytest.raises(IllegalGame):
        _submit(club, tid, {"players": ids, "record": record})
    assert not club.games and not club.events


def test_a_retry_with_the_same_idempotency_key_answers_the_first_game():
    club, tid, ids = _club()
    doc = {"players": ids, "record": random_record(4)}
    first = _submit(club, tid, doc, idem="k1")
    again = _submit(club, tid, doc, idem="k1")
    assert again.replayed and again.game == first.game and len(club.games) == 1
    with pytest.raises(Rejected) as info:
        _submit(club, tid, {"players": ids, "sheet": SHEET}, idem="k1")
    assert info.value.problems[0].code == "idempotency_key_reused"
    assert len(club.games) == 1 and len(_ratings(club)) == 1


def test_the_same_game_twice_is_a_conflict_naming_the_first_and_the_attempt_is_rolled_back():
    club, tid, ids = _club()
    record = random_record(6)
    first = _submit(club, tid, {"players": ids, "record": record}).game
    with FakeUnitOfWork(club) as uow, pytest.raises(DuplicateGame) as info:
        doc = {"players": ids[::-1], "record": record}  # other seats, the same game
        games.submit_game(uow, "secret", tid, games.Body(doc, json.dumps(doc)), None)
    assert info.value.extra == {"game_id": first.id} and uow.rollbacks == 1
    assert len(club.games) == 1 and club.commits == 1


def test_the_director_storing_a_tables_deal_overrules_what_the_table_left_open():
    club, tid, ids = _club()
    token = next(iter(club.links))
    with FakeUnitOfWork(club) as uow:
        at = tables.open_table(uow, token)
        pending = tables.enter_deal(uow, at, {"entered_by": ids[0], "deal": 1, "sheet": SHEET}, None).entry
    game = _submit(club, tid, {"round": 1, "table": 1, "deal": 1, "sheet": OTHER_SHEET}).game
    assert (game.round, game.table, game.deal) == (1, 1, 1)
    entry = club.entries[pending.id]
    assert (entry.state, entry.game_id, entry.resolved_by_key_id) == ("overruled", game.id, 1)
    with pytest.raises(games.DuplicateDeal):
        _submit(club, tid, {"round": 1, "table": 1, "deal": 1, "sheet": SHEET})


# --- correcting ---------------------------------------------------------------------------------


def test_a_void_is_a_new_version_that_frees_the_record_and_records_what_it_means():
    club, tid, ids = _club()
    record = random_record(7)
    game = _submit(club, tid, {"players": ids, "record": record}).game
    voided = _correct(club, tid, game.id, {"action": "void", "reason": "wrong table"})
    assert (voided.voided, voided.version) == (True, 2)
    assert [s.player_id for s in voided.seats] == ids  # who sat there, from the last version with seats
    row = club.games[game.id]
    assert [v.action for v in row.versions] == ["submit", "void"] and row.record_hash is None
    assert not any(x.counted for v in row.versions for x in v.seats)
    payload = {"tournament_id": tid, "game_id": game.id, "version": 2, "action": "void", "reason": "wrong table"}
    assert _announced(club) == [(WebhookEvent.GAME_CORRECTED, payload)]
    assert _ratings(club)[-1] == RatingsChanged(1, since=(row.played_at, game.id))
    assert _submit(club, tid, {"players": ids, "record": record}).game.id != game.id  # stored anew


def test_a_void_game_is_not_corrected_again_and_nothing_changes():
    club, tid, ids = _club()
    game = _submit(club, tid, {"players": ids, "sheet": SHEET}).game
    _correct(club, tid, game.id, {"action": "void", "reason": "wrong table"})
    events, commits = list(club.events), club.commits
    replace = {"action": "replace", "reason": "r", "sheet": SHEET, "players": ids}  # a void version has no seats
    for doc in ({"action": "void", "reason": "again"}, replace):
        with pytest.raises(Conflict, match="void game is not corrected again"):
            _correct(club, tid, game.id, doc)
    assert club.events == events and club.commits == commits and club.games[game.id].current_version == 2


def test_a_replacement_holding_another_games_record_is_refused_naming_it():
    club, tid, ids = _club()
    held = random_record(8)
    other = _submit(club, tid, {"players": ids, "record": held}).game
    game = _submit(club, tid, {"players": ids, "sheet": SHEET}).game
    with pytest.raises(DuplicateGame) as info:
        _correct(club, tid, game.id, {"action": "replace", "reason": "typo", "record": held})
    assert info.value.extra == {"game_id": other.id}
    assert club.games[game.id].current_version == 1 and len(club.events) == 2  # the two stores' only


def test_a_replacement_keeps_the_players_and_counts_its_own_seats():
    club, tid, ids = _club()
    game = _submit(club, tid, {"players": ids, "sheet": SHEET}).game
    replaced = _correct(club, tid, game.id, {"action": "replace", "reason": "places", "sheet": OTHER_SHEET})
    assert (replaced.version, replaced.voided) == (2, False)
    assert [s.player_id for s in replaced.seats] == ids and sum(s.score for s in replaced.seats) == 0
    assert replaced.seats != game.seats
    counted = [x for v in club.games[game.id].versions for x in v.seats if x.counted]
    assert {x.version_id for x in counted} == {club.games[game.id].versions[-1].id}


def test_a_correction_names_a_game_of_its_own_tournament_only():
    club, tid, ids = _club()
    game = _submit(club, tid, {"players": ids, "sheet": SHEET}).game
    other = club.table()
    with pytest.raises(NotFound):
        _correct(club, club.links[other].tournament_id, game.id, {"action": "void", "reason": "x"})


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["void", "replace", "replace-other", "bad"]), min_size=1, max_size=6))
def test_a_games_history_is_its_accepted_corrections_in_order(steps):
    """Whatever corrections are tried: the versions are 1, 2, … with one per accepted correction,
    each announced once with its version; a refused one leaves no trace; void is the last word."""
    club, tid, ids = _club()
    game = _submit(club, tid, {"players": ids, "sheet": SHEET}).game
    accepted = ["submit"]
    for step in steps:
        doc = {
            "void": {"action": "void", "reason": "r"},
            "replace": {"action": "replace", "reason": "r", "sheet": SHEET, "players": ids},
            "replace-other": {"action": "replace", "reason": "r", "sheet": OTHER_SHEET, "players": ids},
            "bad": {"action": "void"},
        }[step]
        try:
            _correct(club, tid, game.id, doc)
        except (Conflict, Rejected):
            assert step == "bad" or accepted[-1] == "void"
            continue
        assert accepted[-1] != "void" and step != "bad"
        accepted.append("void" if step == "void" else "replace")
    row = club.games[game.id]
    assert [v.action for v in row.versions] == accepted
    assert [v.version for v in row.versions] == list(range(1, len(accepted) + 1))
    corrected = [p["version"] for e, p in _announced(club) if e == WebhookEvent.GAME_CORRECTED]
    assert corrected == list(range(2, len(accepted) + 1))
    assert row.voided == (accepted[-1] == "void")


# --- reading games back ---------------------------------------------------------------------------


def test_a_game_reads_back_with_its_submission_its_history_and_its_export_line():
    from service.tournament import game_queries

    club, tid, ids = _club()
    first = _submit(club, tid, {"players": ids, "record": random_record(9)}).game
    second = _submit(club, tid, {"players": ids, "sheet": SHEET}).game
    _correct(club, tid, second.id, {"action": "void", "reason": "the wrong evening"})
    with FakeUnitOfWork(club) as uow:
        shown = game_queries.get_game(uow, None, tid, first.id)
        history = game_queries.game_history(uow, 1, tid, second.id)
        public = game_queries.game_history(uow, None, tid, second.id)
        page, total = game_queries.list_games(uow, None, tid, include_void=False)
        lines = [json.loads(x) for x in game_queries.export_lines(uow, tid)]
    assert shown.record is not None and shown.sheet is None and shown.seats == first.seats
    assert [(v.version, v.action) for v in history.versions] == [(1, "submit"), (2, "void")]
    assert history.versions[1].key_id == 1 and public.versions[1].key_id is None  # the organizer's business
    assert [g.id for g in page] == [first.id] and total == 1
    assert [(x["id"], x["voided"], x["players"]) for x in lines] == [(first.id, False, ids), (second.id, True, [])]
    assert lines[1]["submission"] is None and lines[0]["submission"]["record"] == shown.record


def test_an_import_stores_each_line_on_its_own_and_resumes_with_its_key():
    from service.tournament import batch

    club, tid, ids = _club()
    lines = [
        json.dumps({"players": ids, "record": random_record(11)}),
        "not json",
        json.dumps({"players": ids, "record": random_record(11)}),  # the first line again
        "",
        json.dumps({"players": ids, "sheet": SHEET}),
    ]

    def units(db, single_statement=False):
        return FakeUnitOfWork(club)

    with FakeUnitOfWork(club) as uow:
        assert batch.import_target(uow, "secret", tid) == 1
    first = list(batch.import_games(None, "secret", tid, lines, "evening-1", units))
    assert [(a.line, a.status.value) for a in first] == [
        (1, "stored"),
        (2, "refused"),
        (3, "duplicate"),
        (5, "stored"),
    ]
    again = list(batch.import_games(None, "secret", tid, lines, "evening-1", units))
    assert [a.replayed for a in again if a.status.value == "stored"] == [True, True]
    assert [a.game_id for a in again if a.game_id] == [a.game_id for a in first if a.game_id]
    assert len(club.games) == 2
    (refused,) = batch.import_games(None, "bh_revoked", tid, lines, None, units)  # the key gone: the batch ends
    assert isinstance(refused.refusal, Unauthenticated) and refused.line == 1
