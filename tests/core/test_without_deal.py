"""Records without their deal: a verdict or a score only where every deal that fits the record
agrees (RULES §10)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from service.core import adjudicate, random_record
from service.core.errors import RecordError
from service.core.record_form import read_ruleset

SHANDONG = read_ruleset({"name": "shandong", "options": {"pass": "hard", "rebellion_threshold": 3}})


def _hidden_solos_all_rebel(count: int = 400) -> list[dict]:
    """Legal Shandong hidden solos in which the four other seats all rebelled and SJ* was never
    played as such (the issue's example: seat 1 ascends, seats 2, 0, 3, 4 rebel)."""
    found = []
    for seed in range(count):
        rec = random_record(seed, SHANDONG, scenario="hidden_solo")
        emperor = rec["calls"][0]["seat"]
        rebels = {c["seat"] for c in rec["calls"] if c["call"] == "rebel"}
        if rebels == set(range(5)) - {emperor} and not any("SJ*" in p.get("cards", "") for p in rec["plays"]):
            found.append(rec)
    return found


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_a_hidden_solo_whose_guard_never_showed_is_legal_without_its_deal():
    """Guessing put SJ* with the last seat, which then 'rebelled as the guard': illegal. Every
    seat but the emperor rebelled, so the emperor held both marked jokers."""
    records = _hidden_solos_all_rebel()
    assert len(records) >= 3
    for record in records:
        with_deal = adjudicate(record)
        assert with_deal.legal and with_deal.outcome.facts.mode.value == "hidden_solo"
        without = adjudicate({k: v for k, v in record.items() if k != "deal"})
        assert without.legal, without.violation
        assert without.outcome.scores == with_deal.outcome.scores
        assert without.outcome.facts.mode.value == "hidden_solo"


@pytest.mark.slow  # a sweep or a timing test: the full run has it
def test_where_the_guard_would_change_the_scores_the_answer_asks_for_it():
    """A normal game whose guard never revealed nor played SJ*: several seats could have been
    the guard, and the scores differ; the referee names the missing fact and its values."""
    asked = 0
    for seed in range(200):
        record = random_record(seed)
        if record["calls"][0]["call"] != "ascend" or any(c["call"] == "reveal_guard" for c in record["calls"]):
            continue
        if any("SJ*" in p.get("cards", "") for p in record["plays"]):
            continue
        full = adjudicate(record)
        if not full.legal or full.outcome.facts.mode.value != "normal":
            continue
        try:
            without = adjudicate({k: v for k, v in record.items() if k != "deal"})
        except RecordError as exc:
            problem = exc.problems[0].to_json()
            assert problem["pointer"] == "/guard" and problem["missing"] == "guard"
            assert full.outcome.facts.guard in problem["candidates"] and len(problem["candidates"]) > 1
            asked += 1
            continue
        # answered: then it must be the full record's answer
        assert without.legal and without.outcome.scores == full.outcome.scores, seed
    assert asked > 0


def _check_script():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "checks" / "without_deal.py"
    spec = importlib.util.spec_from_file_location("checks_without_deal", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("index", range(8))
def test_without_deal_and_guard_no_answer_is_wrong(index):
    """The property checks/without_deal.py measures on more games: with the deal and the guard
    taken out of a legal game, the answer is the full record's, or a question; never wrong."""
    check = _check_script()
    rs = read_ruleset(check.RULESETS[index])
    verdicts = [check.judge(random_record(seed, rs)) for seed in range(30)]
    assert not [v for v in verdicts if v.startswith("wrong")], verdicts
    assert verdicts.count("right") >= 15  # most are answered, not asked


def test_uneven_hands_are_rebuilt_from_the_plays():
    rs = read_ruleset("kk-simple")
    assert sorted(rs.hand_sizes) != [rs.hand_sizes[0]] * 5
    answered = 0
    for seed in range(20):
        record = random_record(seed, rs)
        try:
            without = adjudicate({k: v for k, v in record.items() if k not in ("deal", "guard")})
        except RecordError:
            continue
        assert without.legal and without.outcome.scores == adjudicate(record).outcome.scores
        assert any("the hands were of 3 × 34 and 2 × 33 cards; the plays fit" in n for n in without.notes)
        answered += 1
    assert answered >= 10


# --- the guard holds a called suited card (standard, kk-classic) -----------------------------


def _without(record: dict, suits_in_plays: bool = True) -> dict:
    """The record as a table writes it: no deal, no guard, and perhaps no suits in the plays."""
    out = {k: v for k, v in record.items() if k not in ("deal", "guard")}
    if not suits_in_plays:
        out["plays"] = [
            {**p, "cards": " ".join(re.sub(r"^(10|[2-9JQKA])[SHDC]$", r"\1", t) for t in p["cards"].split())}
            if "cards" in p
            else p
            for p in record["plays"]
        ]
    return out


@pytest.mark.parametrize("name", ["standard", "kk-classic"])
@pytest.mark.parametrize("suits_in_plays", [True, False])
def test_called_card_rulesets_are_judged_without_their_deal(name, suits_in_plays):
    """Hands by rank come from the plays; the called card's holders from the suits the plays
    wrote. Every answer is the full record's; where the plays do not show who held the fourth
    copy and it matters, the answer asks for the guard and names the seats that could be it."""
    rs = read_ruleset(name)
    answered = asked = 0
    for seed in range(40):
        record = random_record(seed, rs)
        full = adjudicate(record)
        try:
            without = adjudicate(_without(record, suits_in_plays))
        except RecordError as exc:
            (problem,) = exc.problems
            assert problem.code == "guard_unknown" and problem.pointer == "/guard"
            assert full.outcome.facts.guard in problem.facts["candidates"]
            assert "fourth" in problem.detail
            asked += 1
            continue
        assert without.legal, (seed, without.violation)
        assert without.deal_reconstructed
        assert without.outcome.scores == full.outcome.scores, seed
        answered += 1
    assert answered >= 15
    if suits_in_plays:
        assert asked == 0  # the plays wrote every suit, so every copy's holder is known
    else:
        assert asked > 0


def test_standard_decliners_who_gave_a_two_are_worked_out_from_the_plays():
    """Later decliners hand the emperor a 2 if they have one: without the deal, which of them
    did is judged every way, and the answer is the full record's."""
    rs = read_ruleset("standard")
    seen = 0
    for seed in range(80):
        record = random_record(seed, rs)
        declines = [c for c in record["calls"][1:] if c["call"] == "decline"]
        if not declines or not record["plays"]:
            continue
        without = adjudicate(_without(record))
        assert without.legal and without.outcome.scores == adjudicate(record).outcome.scores
        seen += 1
    assert seen >= 5


def test_a_called_card_the_plays_place_elsewhere_is_illegal_without_the_deal():
    """The emperor calls a card of which other seats' plays show two copies: no deal lets it
    hold three, so the call is illegal whatever the deal was (and the real deal agrees)."""
    rs = read_ruleset("standard")
    for seed in range(80):
        record = random_record(seed, rs)
        accept = next((i for i, c in enumerate(record["calls"]) if c["call"] == "accept"), None)
        if accept is None:
            continue
        caller = record["calls"][accept]["seat"]
        elsewhere = Counter(
            t
            for p in record["plays"]
            if "cards" in p and p["seat"] != caller
            for t in p["cards"].split()
            if t[-1] in "SHDC" and not t.startswith("2")
        )
        card = next((t for t, n in elsewhere.items() if n >= 2), None)
        if card is None:
            continue
        record["calls"][accept]["card"] = card
        assert adjudicate(record).violation.code.value == "called_card_not_held"
        without = adjudicate(_without(record))
        assert not without.legal
        assert (without.violation.code.value, without.violation.pointer) == ("called_card_not_held", f"/calls/{accept}")
        return
    pytest.fail("no record to build the example from")


def _judged_both_ways(record: dict) -> tuple[object, object]:
    """The record without its deal judged as the service does (ways screened by the cards each
    seat played) and with every way judged in full."""
    from service.core.engine import read_head, read_seats_and_meta
    from service.core.record_form import read_calls
    from service.core.without_deal import adjudicate_without_deal

    problems: list = []
    rs, problems = read_head(record, None)
    calls = read_calls(record.get("calls"), problems, rs)
    guard, first = read_seats_and_meta(record, rs, problems)
    assert not problems
    answers = []
    for screen in (True, False):
        try:
            answers.append(adjudicate_without_deal(rs, calls, record["plays"], guard, first, screen=screen).to_json())
        except RecordError as exc:
            answers.append([p.code for p in exc.problems])
    return answers[0], answers[1]


@pytest.mark.slow  # a sweep or a timing test: the full run has it
@pytest.mark.parametrize("name", ["standard", "kk-classic", "kk-simple"])
def test_screening_the_ways_never_changes_an_answer(name):
    """Ways whose hand sizes cannot fit the cards each seat played are skipped unless no way is
    legal: the answers, legal or not (the latest violation of all ways), stay what judging every
    way gives. Games as played, a play dropped, a pass put in, the log cut short."""
    import random

    rng = random.Random(name)
    rs = read_ruleset(name)
    compared = illegal = 0  # illegal answers: there the skipped ways are judged too
    for seed in range(40):
        record = random_record(seed, rs, with_deal=False)
        variants = [record]
        for change in range(3):
            plays = [dict(p) for p in record["plays"]]
            if not plays:
                continue
            k = rng.randrange(len(plays))
            if change == 0:
                del plays[k]
            elif change == 1:
                plays[k] = {"seat": plays[k]["seat"], "pass": True}
            else:
                plays = plays[:k]
            variants.append({**record, "plays": plays})
        for variant in variants:
            screened, full = _judged_both_ways(variant)
            assert screened == full, (seed, variant["plays"][:3])
            compared += 1
            illegal += isinstance(full, dict) and full["verdict"] != "legal"
    assert compared >= 120 and illegal > 0
