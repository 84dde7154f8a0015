"""The recorder and the check page as a player uses them at the table: nothing typed is lost on a
reload or a change of language, the log shown trick by trick with names, buttons only for the
ranks the deck has, a new game asked for first, and the end with places, roles and reasons."""

from __future__ import annotations

from playwright.sync_api import expect

from service.core import adjudicate, random_record
from service.core.record_form import read_ruleset
from tests.browser.conftest import accessible, shot


def _settled(page) -> str:
    page.wait_for_selector("#status:not([data-pending])")
    return page.locator("#status").inner_text()


def _fresh(page, server):
    page.goto(server + "/record")
    page.evaluate("localStorage.clear()")
    page.reload()


def test_a_reload_keeps_the_deal_the_ruleset_and_the_names(page, server):
    # Before: only calls and plays were kept; the deal and the ruleset were lost on reload.
    record = random_record(13, read_ruleset("kk-simple"))
    _fresh(page, server)
    page.click("#setup summary")
    page.select_option("#r-ruleset", "kk-simple")
    page.fill("#r-deal", "\n".join(f"{i}: {hand}" for i, hand in enumerate(record["deal"])))
    page.fill("#r-name0", "张伟")
    page.locator("#r-name0").dispatch_event("change")
    for c in record["calls"]:
        page.select_option("#c-seat", str(c["seat"]))
        page.select_option("#c-kind", c["call"])
        page.click("#c-add")
        _settled(page)
    page.reload()
    assert page.locator("#r-ruleset").input_value() == "kk-simple"
    assert page.locator("#r-deal").input_value().startswith("0: ")
    assert page.locator("#r-name0").input_value() == "张伟"
    # and what comes after is checked with that deal, under that ruleset: a card seat 0 lacks
    hand = [t.rstrip("*") for t in record["deal"][record["calls"][0]["seat"]].split()]
    rank = next(r for r in ("A", "K", "Q", "J", "10", "9", "8") if 0 < hand.count(r) < 4)
    for _ in range(hand.count(rank) + 1):  # one more than the seat was dealt
        page.click(f'.rank[data-rank="{rank}"]')
    page.click("#p-play")
    assert "does not hold" in _settled(page)
    page.click("#p-undo")
    _settled(page)


def test_buttons_only_for_the_ranks_of_the_deck(page, server):
    _fresh(page, server)
    assert page.locator('.rank[data-rank="3"]').is_hidden() and page.locator('.rank[data-rank="6"]').is_visible()
    page.click("#setup summary")
    page.select_option("#r-ruleset", "standard")
    expect(page.locator('.rank[data-rank="3"]')).to_be_visible()


def test_the_log_trick_by_trick_the_end_with_reasons_and_a_new_game_asked_for(page, server):
    record = random_record(12)
    _fresh(page, server)
    page.evaluate(
        "([calls, plays, names, deal]) => localStorage.setItem('baohuang-recorder', "
        "JSON.stringify({ruleset: 'weihai', calls, plays, names, deal}))",
        [
            record["calls"],
            [{k: v for k, v in p.items() if k != "seat"} for p in record["plays"]],
            ["张伟", "", "", "", ""],
            "\n".join(f"{i}: {hand}" for i, hand in enumerate(record["deal"])),
        ],
    )
    page.reload()
    assert "Game over" in _settled(page)
    outcome = adjudicate(record).outcome
    tricks = page.locator("#plays-log > li")
    assert tricks.count() == len(adjudicate(record).trick_starts)
    assert "seat 1 · 张伟" in page.locator("#plays-log").inner_text()  # seat 0, counted from 1
    shown = [int(x) for x in page.locator("#outcome tbody td:last-child").all_inner_texts()]
    assert shown == list(outcome.scores)
    places = page.locator("#outcome tbody td:nth-child(3)").all_inner_texts()
    assert sorted(places) == sorted(["1st", "2nd", "3rd", "4th", "5th"])
    if outcome.multipliers:
        assert outcome.multipliers[0].reason.split(" (")[0] in page.locator("#outcome").inner_text()
    height = page.evaluate("document.scrollingElement.scrollHeight")
    assert height < 4000, height  # trick by trick, not a list of 300 lines
    assert page.locator("#download").bounding_box()["y"] < 400  # the tools at the top
    accessible(page)
    shot(page, "record-finished")
    page.once("dialog", lambda d: d.dismiss())  # "start a new game?" — no
    page.click("#new-game")
    assert page.locator("#plays-log > li").count() == tricks.count()
    page.once("dialog", lambda d: d.accept())
    page.click("#new-game")
    expect(page.locator("#plays-log > li")).to_have_count(0)


def test_switching_language_keeps_the_pasted_game(page, server):
    page.goto(server + "/check")
    page.evaluate("localStorage.clear()")
    page.fill("#game", "calls\n0 ascend\nplays\n9 9, 10 10")
    page.click("text=中文")
    page.wait_for_url("**lang=zh")
    assert page.locator("#game").input_value() == "calls\n0 ascend\nplays\n9 9, 10 10"
    assert page.locator("h1").inner_text() == "检查一局"
