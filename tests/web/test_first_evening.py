"""A first real club evening, page by page (Flask's test client, in Chinese): each finding of
that evening reproduced from what was seen, and right now. The phone-sized checks (print, no
error before input, nothing scrolling sideways, charts) are in tests/browser/test_first_evening.py."""

from __future__ import annotations

import csv
import io
import re

from tests.i18n.messages import english_left
from tests.tournament_helpers import Club
from tests.web.test_chinese_pages import NAMES, _csrf, text_of
from tests.web.test_table_pages import _sheet_form

ZH = {"Accept-Language": "zh-CN"}


def _evening(client, deals: int = 2, players: list[str] = NAMES, **settings):
    club = Club(client, "威海俱乐部")
    body = {"name": "周一联赛", "deals_per_round": deals, **settings}
    tid = client.post("/v1/tournaments", json=body, headers=club.auth).get_json()["id"]
    ids = [
        client.post(f"/v1/tournaments/{tid}/players", json={"name": n}, headers=club.auth).get_json()["id"]
        for n in players
    ]
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    token = _csrf(client.get("/signin?lang=zh").get_data(as_text=True))
    assert client.post("/signin", data={"key": club.secret, "csrf_token": token}).status_code == 302
    return club, tid, ids


def _table(client, club, tid, number: int = 1, table: int = 1):
    made = client.post(f"/v1/tournaments/{tid}/rounds/{number}/table-links", headers=club.auth).get_json()
    link = made["links"][table - 1]
    path = link["path"]
    token = _csrf(client.get(path, headers=ZH).get_data(as_text=True))
    return path, token, [p["player_id"] for p in link["players"]]


def _enter(client, path, token, by: int, deal: int, **extra) -> None:
    r = client.post(f"{path}/deals", data=_sheet_form(by, token, deal=str(deal), **extra), headers=ZH)
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]


def _confirm(client, path, token, deal: int) -> None:
    page = client.get(path, headers=ZH).get_data(as_text=True)
    player, entry = re.search(
        rf'/deals/{deal}/confirm".*?name="player" value="(\d+)">\s*<input type="hidden" name="entry" value="(\d+)"',
        page,
        re.S,
    ).groups()
    r = client.post(f"{path}/deals/{deal}/confirm", data={"csrf_token": token, "player": player, "entry": entry})
    assert r.status_code == 303


def _chinese(html: str) -> None:
    left = english_left(text_of(html))
    assert not left, sorted(set(left))


# --- 4. the board's summary and its close dialog are the live data; a stale close is refused -----


def test_closing_on_a_board_that_changed_since_is_refused(db_client):
    client = db_client
    club, tid, _ = _evening(client)
    path, token, seats = _table(client, club, tid)
    board_url = f"/organizer/tournaments/{tid}/rounds/1/board"
    board = client.get(board_url, headers=ZH).get_data(as_text=True)
    seen = re.search(r'name="seen" value="([^"]+)"', board).group(1)
    # what is left and the close dialog are inside the part of the board that is filled in live
    live = board[board.index('id="board-live"') :]
    assert live.index('id="board-left"') < live.index('name="seen"')
    assert "第 1 桌第 1 局" in live[: live.index('name="seen"')]
    _enter(client, path, token, seats[0], 1)  # table 1 enters deal 1 while the director looks
    closing = client.post(f"{board_url[: -len('/board')]}/close", data={"csrf_token": token, "seen": seen}, headers=ZH)
    assert closing.status_code == 303
    assert client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=club.auth).get_json()["closed_at"] is None
    again = client.get(board_url, headers=ZH).get_data(as_text=True)
    assert "你看过之后，看板又有了变化" in again
    left = again[again.index('id="board-left"') :]
    assert "待确认" in left[: left.index("</p>")]  # deal 1 of table 1 is pending now, not missing
    fresh = re.search(r'name="seen" value="([^"]+)"', again).group(1)
    assert fresh != seen and "待确认：第 1 桌第 1 局" in again
    closing = client.post(f"{board_url[: -len('/board')]}/close", data={"csrf_token": token, "seen": fresh})
    assert client.get(f"/v1/tournaments/{tid}/rounds/1/board", headers=club.auth).get_json()["closed_at"]


# --- 14. the director can open the last closed round again ----------------------------------------


def test_the_last_closed_round_opens_again_and_its_links_work(db_client):
    client = db_client
    club, tid, _ = _evening(client)
    path, token, seats = _table(client, club, tid)
    round_url = f"/organizer/tournaments/{tid}/rounds/1"
    client.post(f"{round_url}/close", data={"csrf_token": token})
    assert client.get(path, headers=ZH).status_code == 410
    board = client.get(f"{round_url}/board", headers=ZH).get_data(as_text=True)
    assert f'action="{round_url}/reopen"' in board and "重新开放第 1 轮" in board
    _chinese(board)
    assert client.post(f"{round_url}/reopen", data={"csrf_token": token}).status_code == 303
    assert client.get(path, headers=ZH).status_code == 200  # the table's own link works again
    _enter(client, path, token, seats[0], 1)
    # once the next round is seated, round 1 stays closed
    r = client.post(f"/v1/tournaments/{tid}/rounds/1/close", headers=club.auth)
    assert r.status_code == 200 and client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    board = client.get(f"{round_url}/board", headers=ZH).get_data(as_text=True)
    assert f'action="{round_url}/reopen"' not in board
    refused = client.post(f"/v1/tournaments/{tid}/rounds/1/reopen", headers=club.auth)
    assert refused.status_code == 409 and refused.get_json()["code"] == "round_not_last"
    reopened = client.post(f"/v1/tournaments/{tid}/rounds/2/reopen", headers=club.auth)
    assert reopened.status_code == 200 and reopened.get_json()["closed_at"] is None  # open: as it is


# --- 6. a refusal stands above the box it asks for, quotes its label, says 刚刚 -------------------


def test_a_repeated_result_is_asked_about_beside_its_box_just_now(db_client):
    client = db_client
    club, tid, _ = _evening(client)
    path, token, seats = _table(client, club, tid)
    _enter(client, path, token, seats[0], 1)
    asked = client.post(f"{path}/deals", data=_sheet_form(seats[0], token, deal="2"), headers=ZH)
    page = asked.get_data(as_text=True)
    assert asked.status_code == 409
    label = re.search(r'<input type="checkbox" name="repeat"[^>]*> ([^<]+)</label>', page).group(1).strip()
    error = page.index('id="err-repeat"')
    assert error < page.index('name="repeat"') and page.index('name="repeat"') - error < 600
    assert f"“{label}”" in page[error : page.index('name="repeat"')]
    assert "刚刚录入的第 1 局" in page and "0 分钟前" not in page
    _chinese(page)


# --- 7, 12. a finished table says so; the page puts the form first and folds the rest -----------


def test_the_table_page_form_first_confirmed_deals_folded_links_to_the_players(db_client):
    client = db_client
    club, tid, _ids = _evening(client)
    path, token, seats = _table(client, club, tid)
    _enter(client, path, token, seats[0], 1)
    _confirm(client, path, token, 1)
    page = client.get(path, headers=ZH).get_data(as_text=True)
    assert page.index('id="enter"') < page.index('id="deal-1"')  # the form above the deals done
    assert re.search(r'<details[^>]*id="deal-1"', page)  # a confirmed deal is folded
    assert '<details class="menu"' in page  # the site's menu behind one button
    assert f'href="/tournaments/{tid}"' in page  # the standings
    for p in seats:
        assert f'href="/tournaments/{tid}/players/{p}"' in page  # each player's games
    _chinese(page)


def test_a_table_whose_deals_are_all_confirmed_says_it_is_finished(db_client):
    client = db_client
    club, tid, _ = _evening(client, deals=1)
    path, token, seats = _table(client, club, tid)
    _enter(client, path, token, seats[0], 1)
    _confirm(client, path, token, 1)
    page = client.get(path, headers=ZH).get_data(as_text=True)
    assert "本桌已完成" in page and 'name="deal"' not in page and "<select" not in page
    assert "请裁判长" in page  # one more deal: the director allows it
    _chinese(page)
    # the director allows a second deal a round: the table can enter it
    assert client.patch(f"/v1/tournaments/{tid}", json={"deals_per_round": 2}, headers=club.auth).status_code == 200
    page = client.get(path, headers=ZH).get_data(as_text=True)
    assert re.search(r'<select id="t-deal" name="deal" required><option value="2"', page)


# --- 13. only the modes the ruleset allows ----------------------------------------------------------


def test_weihai_tables_are_not_offered_void_or_surrender(db_client):
    client = db_client
    club, tid, _ = _evening(client)
    path, _, _ = _table(client, club, tid)
    page = client.get(path, headers=ZH).get_data(as_text=True)
    modes = re.findall(r'<option value="(\w+)"', re.search(r'name="mode".*?</select>', page, re.S).group(0))
    assert modes == ["normal", "hidden_solo", "open_solo"]
    manage = client.get(f"/organizer/tournaments/{tid}", headers=ZH).get_data(as_text=True)
    for found in re.findall(r'name="mode".*?</select>', manage, re.S):
        assert "void" not in found and "surrender" not in found


def test_a_ruleset_with_surrender_offers_it(db_client):
    client = db_client
    club, tid, _ = _evening(client, ruleset={"name": "weihai", "options": {"surrender": True}})
    path, _, _ = _table(client, club, tid)
    page = client.get(path, headers=ZH).get_data(as_text=True)
    assert 'value="surrender"' in re.search(r'name="mode".*?</select>', page, re.S).group(0)


# --- 14. seats 1–5, names in the multipliers' reasons, pending is not missing ----------------------


def test_seats_counted_from_one_and_names_in_the_reasons(db_client):
    client = db_client
    club, tid, _ = _evening(client)
    path, token, seats = _table(client, club, tid)
    page = client.get(path, headers=ZH).get_data(as_text=True)
    shown = re.findall(r"(\d)号位 · ", page)
    assert "0" not in shown and {"1", "2", "3", "4", "5"} <= set(shown)
    roster = {x["id"]: x["name"] for x in client.get(f"/v1/tournaments/{tid}/players?limit=500").get_json()["items"]}
    # the guard revealed, seat 2 (of the notation) kicks: the reason names the player
    _enter(client, path, token, seats[0], 1, kicked_by="2", guard_revealed="on")
    page = client.get(path, headers=ZH).get_data(as_text=True)
    reasons = " ".join(re.findall(r"×2 — ([^<]+)<", page))
    assert roster[seats[2]] in reasons and "号位" not in reasons, reasons
    # the manage page: the deal waits for the other side; it is not among those never entered
    manage = client.get(f"/organizer/tournaments/{tid}", headers=ZH).get_data(as_text=True)
    missing = re.search(r'id="missing".*?</div>', manage, re.S).group(0)
    waiting = re.search(r'id="waiting".*?</div>', manage, re.S).group(0)
    assert "第 1 轮：第 1 桌（第 2 局）；第 2 桌（第 1、2 局）" in missing
    assert "桌上已录入，等待另一方确认" in waiting and "第 1 桌（第 1 局）" in waiting


# --- 14. the player's page counts the bye in the running total --------------------------------------


def test_a_players_running_total_counts_the_bye(db_client):
    client = db_client
    club, tid, _ids = _evening(client, deals=1, players=NAMES[:6], bye_points=2)
    (r,) = client.get(f"/v1/tournaments/{tid}/rounds").get_json()["rounds"]
    out = r["sitting_out"][0]["player_id"]
    path, token, seats = _table(client, club, tid)
    _enter(client, path, token, seats[0], 1)
    _confirm(client, path, token, 1)
    client.post(f"/v1/tournaments/{tid}/rounds/1/close", headers=club.auth)
    assert client.post(f"/v1/tournaments/{tid}/rounds", headers=club.auth).status_code == 201
    path, token, seats = _table(client, club, tid, number=2)
    _enter(client, path, token, seats[0], 1)
    _confirm(client, path, token, 1)
    standing = {x["player_id"]: x for x in client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]}
    page = client.get(f"/tournaments/{tid}/players/{out}", headers=ZH).get_data(as_text=True)
    running = [int(x) for x in re.findall(r'<td class="num"><strong>(-?\d+)</strong></td>', page)]
    assert "轮空" in page and running[-1] == standing[out]["total"]
    assert standing[out]["byes"] == 1 and running[0] == 2  # round 1 sat out, then round 2 played
    _chinese(page)


# --- 14. the members list by rating -------------------------------------------------------------------


def test_the_members_list_sorts_by_rating(db_client):
    client = db_client
    club, tid, _ids = _evening(client, deals=1)
    path, token, seats = _table(client, club, tid)
    _enter(client, path, token, seats[0], 1)
    _confirm(client, path, token, 1)
    oid = client.get(f"/v1/tournaments/{tid}").get_json()["organizer_id"]
    client.get(f"/v1/organizers/{oid}/members")  # the ratings brought up to date, if they wait
    by_rating = client.get(f"/v1/organizers/{oid}/members?sort=rating&limit=100").get_json()["members"]
    ratings = [m["rating"] for m in by_rating]
    assert ratings == sorted(ratings, reverse=True) and len(set(ratings)) > 1
    page = client.get(f"/clubs/{oid}/members?sort=rating", headers=ZH).get_data(as_text=True)
    shown = re.findall(r'<a href="/clubs/\d+/members/\d+">([^<]+)</a>', page)
    assert shown == [m["name"] for m in by_rating]
    assert "等级分高的在前" in page and "按姓名" in page
    _chinese(page)


# --- 9. no codes shown to people; CSV headings in the page's language --------------------------------


def test_the_check_page_shows_codes_only_behind_a_toggle(client):
    token = _csrf(client.get("/check?lang=zh").get_data(as_text=True))
    game = "calls\n0 ascend\nplays\n0: 3, 4, 5, 6, 3"
    page = client.post("/check", data={"game": game, "csrf_token": token}).get_data(as_text=True)
    assert "违反" in page or "犯规" in page or "规则" in page
    shown = re.sub(r"<details class=\"for-programs\">.*?</details>", "", page, flags=re.S)
    assert not re.search(r"<code>[a-z]+(_[a-z]+)+</code>", shown), re.findall(r"<code>[^<]+</code>", shown)
    assert re.search(r'<details class="for-programs">.*?<code>[a-z_]+</code>', page, re.S)


def test_the_standings_csv_speaks_the_pages_language(db_client):
    client = db_client
    _club, tid, _ = _evening(client, deals=1)
    page = client.get(f"/tournaments/{tid}", headers=ZH).get_data(as_text=True)
    link = re.search(r'href="(/v1/tournaments/\d+/standings\?format=csv[^"]*)"', page).group(1).replace("&amp;", "&")
    assert "lang=zh" in link
    head = next(csv.reader(io.StringIO(client.get(link).get_data(as_text=True).lstrip("\ufeff"))))
    assert head[:4] == ["排名", "选手编号", "姓名", "总分"] and not english_left(" ".join(head))
    programs = next(
        csv.reader(io.StringIO(client.get(f"/v1/tournaments/{tid}/standings?format=csv").get_data(as_text=True)))
    )
    assert programs[:3] == ["rank", "player_id", "name"]  # the fields' names, as before
    words = next(
        csv.reader(
            io.StringIO(client.get(f"/v1/tournaments/{tid}/standings?format=csv&lang=en").get_data(as_text=True))
        )
    )
    assert words[:3] == ["Rank", "Player number", "Name"]
    assert client.get(f"/v1/tournaments/{tid}/standings?format=csv&lang=fr").status_code == 422


# --- 11. an ended link explains in words and leads to the standings ---------------------------------


def test_an_ended_link_explains_and_links_to_the_standings(db_client):
    client = db_client
    club, tid, _ = _evening(client)
    path, _token, _ = _table(client, club, tid)
    client.post(f"/v1/tournaments/{tid}/rounds/1/close", headers=club.auth)
    ended = client.get(path, headers=ZH)
    page = ended.get_data(as_text=True)
    assert ended.status_code == 410 and ">410<" not in page
    assert f'href="/tournaments/{tid}"' in page and "排名" in page
    _chinese(page)
