"""The pages right at every step, as a new user meets them (Flask's test client; the browser
tests drive the same pages in Chromium): each defect reproduced from what was seen."""

from __future__ import annotations

import json
import re

import pytest

from service.core import random_record
from service.core.notation import format_record
from service.web.check import EXAMPLE
from tests.i18n.messages import english_left
from tests.tournament_helpers import Club


def _csrf(page: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def _check(client, text: str, lang: str = "en"):
    token = _csrf(client.get(f"/check?lang={lang}").get_data(as_text=True))
    return client.post("/check", data={"game": text, "csrf_token": token})


def _plays(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", m).strip()
        for m in re.findall(r'<span class="play[^"]*"[^>]*>(.*?)</span>\s*(?=<span class="play|</li>)', html, re.S)
    ]


# --- 1. the check page's own example, and games without seats that stop or break a rule ---------


def test_the_example_shows_every_seat_and_its_trick(client):
    html = _check(client, EXAMPLE).get_data(as_text=True)
    assert "None" not in html
    seats = re.findall(r'<span class="seat">([^<]+)</span>', html)
    assert seats[:5] == ["seat 1", "seat 2", "seat 3", "seat 4", "seat 5"]  # seats counted from 1 for people
    assert "incomplete" in html and "To play:" in html


def test_a_seatless_game_with_one_play_changed_is_shown_by_seat_and_trick(client):
    record = random_record(5)
    record.pop("deal")
    for p in record["plays"]:
        p.pop("seat")
    record["plays"][10] = {"cards": "BJ BJ BJ BJ BJ"}
    html = _check(client, format_record(record)).get_data(as_text=True)
    assert "None" not in html
    assert len(re.findall(r'class="label">Trick', html)) >= 2
    faulty = re.search(r'id="faulty"[^>]*><span class="seat">([^<]+)</span>', html)
    assert faulty and faulty.group(1).startswith("seat ")


def test_an_empty_submission_is_a_form_error(client):
    r = _check(client, "   ")
    html = r.get_data(as_text=True)
    assert r.status_code == 422 and "Paste a game" in html and "crown_out_of_order" not in html


def test_an_unfinished_log_says_whose_turn_it_is(client):
    html = _check(client, "calls\n0 ascend\nplays\n0: 9 9, 10 10").get_data(as_text=True)
    assert "unfinished" in html and "To play:" in html and "<strong>seat 3</strong>" in html  # seat 2 of the notation
    assert "Where</dt><dd><code>/plays" not in html


def test_the_verdict_comes_before_the_form_and_the_notation_help_is_linked(client):
    html = _check(client, EXAMPLE).get_data(as_text=True)
    assert html.index('id="verdict"') < html.index('id="check-form"')
    assert 'href="/notation"' in html
    assert client.get("/notation").status_code == 200


# --- 3. the new tournament form preselects the service's default ---------------------------------


@pytest.fixture()
def signed_in(db_client):
    club = Club(db_client)
    token = _csrf(db_client.get("/signin").get_data(as_text=True))
    assert db_client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    return db_client, club


def test_the_new_tournament_form_preselects_weihai(signed_in):
    client, _ = signed_in
    html = client.get("/organizer").get_data(as_text=True)
    assert re.search(r'<option value="weihai" selected>', html)
    assert not re.search(r'<option value="kk-classic" selected>', html)


# --- 4. seats start empty; given with round and table they must be the table's ---------------------


def _seated_tournament(client, club, players=10, **settings):
    tid, ids = club.tournament(players=players, **settings)
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    (r,) = client.get(f"/v1/tournaments/{tid}/rounds").get_json()["rounds"]
    return tid, ids, r


def _manage(client, tid):
    return client.get(f"/organizer/tournaments/{tid}").get_data(as_text=True)


def test_seats_start_empty(signed_in):
    client, club = signed_in
    tid, _ = club.tournament(players=6)
    html = _manage(client, tid)
    selects = re.findall(r'<select id="[sg]-seat\d" name="seat\d">(.*?)</select>', html, re.S)
    assert len(selects) == 10 and not any("selected" in s for s in selects)


SHEET_FORM = {"mode": "normal", "emperor": "0", "guard": "1", **{f"place{i}": str(i) for i in range(5)}}


def test_seats_that_differ_from_the_tables_are_an_error_on_the_form(signed_in):
    client, club = signed_in
    tid, ids, r = _seated_tournament(client, club)
    table1 = [x["player_id"] for x in r["tables"][0]["seats"]]
    others = [p for p in ids if p not in table1]
    data = {"round": "1", "table": "1", **{f"seat{i}": str(p) for i, p in enumerate(others)}, **SHEET_FORM}
    token = _csrf(_manage(client, tid))
    page = client.post(f"/organizer/tournaments/{tid}/sheets", data={**data, "csrf_token": token})
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    assert 'class="field-error" id="err-seats"' in html and "round 1, table 1 seats players" in html
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0
    # with the table's own players, or none: stored for the table's players
    data = {"round": "1", "table": "1", **SHEET_FORM}
    assert client.post(f"/organizer/tournaments/{tid}/sheets", data={**data, "csrf_token": token}).status_code == 302
    (g,) = client.get(f"/v1/tournaments/{tid}/games").get_json()["items"]
    assert sorted(x["player_id"] for x in g["seats"]) == sorted(table1)


# --- 5. one game a deal, its round · table · deal shown, missing deals listed -------------------


def test_a_double_entry_from_the_form_is_refused_and_the_pages_show_round_table_deal(signed_in):
    client, club = signed_in
    tid, _, _ = _seated_tournament(client, club, deals_per_round=2)
    token = _csrf(_manage(client, tid))
    data = {"round": "1", "table": "1", **SHEET_FORM, "csrf_token": token}
    assert client.post(f"/organizer/tournaments/{tid}/sheets", data=data).status_code == 302
    assert client.post(f"/organizer/tournaments/{tid}/sheets", data=data).status_code == 302  # deal 2
    third = client.post(f"/organizer/tournaments/{tid}/sheets", data=data)
    assert third.status_code == 409 and "correct one of them" in third.get_data(as_text=True)
    public = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert "Round 1 · Table 1 · Deal 1" in public and "Round 1 · Table 1 · Deal 2" in public
    assert "Deals not entered yet" in public and "Table 2 (Deal 1, 2)" in public


# --- 6. a refused form comes back filled, the problem next to its field -----------------------------


def test_a_refused_sheet_comes_back_filled_with_the_problem_by_its_field(signed_in):
    client, club = signed_in
    tid, _, _ = _seated_tournament(client, club)
    token = _csrf(_manage(client, tid))
    data = {"round": "1", "table": "2", "mode": "normal", "emperor": "0", "guard": "1", "place0": "0", "place1": "0",
            "place2": "2", "place3": "3", "place4": "4", "csrf_token": token}  # fmt: skip
    page = client.post(
        f"/organizer/tournaments/{tid}/sheets", data={**data, "lang": "zh"}, headers={"Accept-Language": "zh"}
    )
    html = page.get_data(as_text=True)
    assert page.status_code == 422
    assert 'id="s-round" name="round" inputmode="numeric" size="4" value="1"' in html
    assert 'id="s-table" name="table" inputmode="numeric" size="4" value="2"' in html
    assert re.search(r'id="s-place2" name="place2">.*?<option value="2" selected>', html, re.S)
    assert 'id="err-places"' in html and "/sheet/finishing_order" not in html
    errors = re.findall(r'<div class="field-error"[^>]*>(.*?)</div>', html, re.S)
    assert errors and not english_left(re.sub(r"<[^>]+>", " ", " ".join(errors)))


def test_a_refused_correction_stays_on_the_game_page_with_the_edited_text(signed_in):
    client, club = signed_in
    tid, ids = club.tournament(players=5)
    gid = club.submit(tid, {"players": ids, "record": random_record(3)}).get_json()["id"]
    page = client.get(f"/tournaments/{tid}/games/{gid}").get_data(as_text=True)
    edited = format_record(random_record(3)).replace("plays\n", "plays\n9 X\n", 1)
    r = client.post(
        f"/organizer/tournaments/{tid}/games/{gid}/correct",
        data={"game": edited, "reason": "a typo", "csrf_token": _csrf(page)},
    )
    html = r.get_data(as_text=True)
    assert r.status_code == 422 and "Correct the record" in html
    assert "9 X" in html and 'value="a typo"' in html and 'id="err-game"' in html


# --- 7. a result sheet is corrected from its page ----------------------------------------------


def test_a_sheet_is_corrected_from_its_page(signed_in):
    client, club = signed_in
    tid, ids = club.tournament(players=5)
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}
    gid = club.submit(tid, {"players": ids, "sheet": sheet}).get_json()["id"]
    page = client.get(f"/tournaments/{tid}/games/{gid}").get_data(as_text=True)
    assert "Correct the result sheet" in page and re.search(r'id="cs-emperor".*?value="0" selected', page, re.S)
    data = {"mode": "normal", "emperor": "0", "guard": "1", "guard_revealed": "on", "reason": "the guard revealed",
            **{f"place{i}": str(i) for i in range(5)}, "csrf_token": _csrf(page)}  # fmt: skip
    r = client.post(f"/organizer/tournaments/{tid}/games/{gid}/correct-sheet", data=data)
    assert r.status_code == 302
    game = client.get(f"/v1/tournaments/{tid}/games/{gid}").get_json()
    assert game["version"] == 2 and game["outcome"]["guard_revealed"] is True
    assert "version 2" in client.get(r.headers["Location"]).get_data(as_text=True)


# --- 8. marked jokers keep their marks ----------------------------------------------------------


def test_marked_jokers_keep_their_marks_in_hands_and_messages(client):
    from tests.helpers import record, rep

    rec = record({0: "BJ* BJ BJ " + rep("9", 10), 1: "SJ* " + rep("10", 5)}, [(0, "ascend")], ["0:SJ*"])
    html = _check(client, json.dumps(rec)).get_data(as_text=True)
    assert "does not hold SJ*" in html
    hand = re.search(r"<dt>Hand of [^<]*</dt><dd class=\"cards\">([^<]+)</dd>", html).group(1)
    assert hand.startswith("BJ* BJ BJ")
    from service.core.replay import replay

    started = replay({**rec, "plays": []}).start
    assert started[0].startswith("BJ* BJ BJ") and started[1].startswith("SJ*")


# --- 11. the replay: names, and a sheet's replay explained ---------------------------------------


def test_a_tournament_games_replay_shows_names_and_a_sheets_replay_explains(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    gid = club.submit(tid, {"players": ids, "record": random_record(4)}).get_json()["id"]
    html = db_client.get(f"/tournaments/{tid}/games/{gid}/replay").get_data(as_text=True)
    assert "player 0" in html and "0. 0" not in html
    sheet = {"mode": "normal", "emperor": 0, "guard": 1, "finishing_order": [0, 1, 2, 3, 4]}
    sid = club.submit(tid, {"players": ids, "sheet": sheet}).get_json()["id"]
    r = db_client.get(f"/tournaments/{tid}/games/{sid}/replay")
    assert r.status_code == 404 and "result sheet" in r.get_data(as_text=True)
    assert f'href="/tournaments/{tid}/games/{sid}"' in r.get_data(as_text=True)


# --- 13. seating asks first; the last round can be removed; a way back -----------------------------


def test_seating_asks_first_and_shows_what_the_last_round_lacks(signed_in):
    client, club = signed_in
    tid, _, _ = _seated_tournament(client, club)
    html = _manage(client, tid)
    assert "Round 1 still has deals to enter" in html and "Table 1" in html
    token = _csrf(html)
    r = client.post(f"/organizer/tournaments/{tid}/rounds", data={"csrf_token": token})
    refused = r.get_data(as_text=True)
    # the refusal stands beside the box it asks for, quoting its label
    assert r.status_code == 409 and "tick “Round 1 still has deals to enter: seat the next round anyway”" in refused
    assert refused.index('id="err-seat_round"') < refused.index('name="confirm"')
    assert len(client.get(f"/v1/tournaments/{tid}/rounds").get_json()["rounds"]) == 1
    r = client.post(f"/organizer/tournaments/{tid}/rounds", data={"csrf_token": token, "confirm": "on"})
    assert r.status_code == 302 and f"/organizer/tournaments/{tid}" in r.headers["Location"]
    after = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "The next round is seated." in after
    r = client.post(f"/organizer/tournaments/{tid}/rounds/2/remove", data={"csrf_token": token})
    assert r.status_code == 302 and "The round is removed." in client.get(r.headers["Location"]).get_data(as_text=True)
    assert len(client.get(f"/v1/tournaments/{tid}/rounds").get_json()["rounds"]) == 1


def test_void_says_it_was_done_and_withdrawing_asks(signed_in):
    client, club = signed_in
    tid, ids = club.tournament(players=5)
    gid = club.submit(tid, {"players": ids, "record": random_record(5)}).get_json()["id"]
    html = _manage(client, tid)
    assert "data-confirm=" in html and "Withdraw player 0?" in html
    r = client.post(
        f"/organizer/tournaments/{tid}/games/{gid}/void", data={"reason": "wrong table", "csrf_token": _csrf(html)}
    )
    assert f"Game #{gid} is void." in client.get(r.headers["Location"]).get_data(as_text=True)


# --- 15, 16. the phone's standings, the icon, the title, calls from 1, positions said once --------


def test_the_icon_the_title_and_calls_numbered_from_one(client):
    assert client.get("/favicon.ico").status_code == 200
    home = client.get("/").get_data(as_text=True)
    assert "<title>Baohuang referee</title>" in home
    html = _check(client, EXAMPLE).get_data(as_text=True)
    assert '<ol class="calls">' in html and 'start="0"' not in html


def test_a_notation_error_says_its_position_once(client):
    html = _check(client, "plays\n9 X").get_data(as_text=True)
    item = re.search(r"<li><strong>line 2, column 3:</strong>(.*?)</li>", html, re.S).group(1)
    assert "line 2" not in item


def test_short_names_stay_whole_long_ones_wrap_and_options_fold_away(db_client):
    club = Club(db_client)
    tid, _ = club.tournament(ruleset={"name": "weihai", "options": {"pass": "hard", "surrender": True}}, players=5)
    html = db_client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert '<details class="options">' in html and 'class="name"' in html
    css = db_client.get("/assets/style.css").get_data(as_text=True)
    # a name of a few characters keeps its line (the column is at least 5.5 characters wide); a
    # longer one wraps rather than widening the page (tests/browser/test_phone_fit.py)
    assert "td.name { white-space: normal; min-width: 5.5em; }" in css
    assert "td.num, th { white-space: nowrap; }" in css


def test_the_readme_says_how_to_install_the_dev_tools_for_the_quick_run():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "pip install -e '.[dev]'" in readme and "make test-fast" in readme


def test_no_page_module_is_over_four_hundred_lines():
    from pathlib import Path

    web = Path(__file__).resolve().parents[2] / "service" / "web"
    sizes = {p.name: len(p.read_text().splitlines()) for p in web.glob("*.py")}
    assert {"check.py", "record.py", "replay.py", "tournaments.py", "organizer.py", "entry.py"} <= set(sizes)
    assert max(sizes.values()) <= 400, sizes


def test_chinese_says_where_and_what_a_correction_did_in_the_words_of_a_club(db_client):
    club = Club(db_client)
    tid, ids = club.tournament(players=5)
    gid = club.submit(tid, {"players": ids, "record": random_record(3)}).get_json()["id"]
    db_client.post(
        f"/v1/tournaments/{tid}/games/{gid}/corrections", json={"action": "void", "reason": "录错了"}, headers=club.auth
    )
    page = db_client.get(f"/tournaments/{tid}/games/{gid}?lang=zh").get_data(as_text=True)
    assert "作废" in page and "流局" not in page  # a voided game is 作废; 流局 is a deal nobody took
    html = _check(db_client, "plays\n9 X", lang="zh").get_data(as_text=True)
    assert "第 2 行第 3 列" in html and "第几行" not in html
