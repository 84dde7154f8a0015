"""A game typed at the table or on the manage page and refused says where: the line and column,
as /check says them for the same text, and the text box marks that place (the line quoted with
the play picked out, and the box's data for the script that selects it)."""

from __future__ import annotations

import html
import re

from service.core import random_record
from service.core.notation import format_record
from tests.web.test_chinese_pages import _csrf
from tests.web.test_table_pages import ZH, _evening

_AT = re.compile(r"第 (\d+) 行第 (\d+) 列")


def _illegal_mid_line(seed: int = 4) -> str:
    """A legal game with one answer in the middle of a line changed to a 6 (beats nothing)."""
    text = format_record(random_record(seed))
    lines = text.split("\n")
    start = lines.index("plays")
    for i in range(start + 1, len(lines)):
        m = re.match(r"^(\d): ([0-9JQKA]{1,2}), ([0-9JQKA]{1,2}|SJ|BJ),", lines[i])
        if m and m.group(2) not in ("6", "7"):
            lines[i] = f"{m.group(1)}: {m.group(2)}, 6," + lines[i][m.end() :]
            return "\n".join(lines)
    raise AssertionError("no line to change")


def _check_says(client, text: str) -> tuple[str, str]:
    token = _csrf(client.get("/check?lang=zh").get_data(as_text=True))
    page = client.post("/check", data={"csrf_token": token, "game": text}, headers=ZH).get_data(as_text=True)
    found = _AT.search(page)
    assert found, "the checker names the place"
    return found.group(1), found.group(2)


def _marked(page: str, line: str, column: str) -> None:
    assert f'data-error-line="{line}"' in page and f'data-error-column="{column}"' in page
    quoted = re.search(r'<pre class="at-line"[^>]*>(.*?)</pre>', page, re.S)
    assert quoted, "the line is quoted under the box"
    assert "<mark>6</mark>" in quoted.group(1)


def test_a_typed_game_refused_at_the_table_says_line_and_column(db_client):
    client = db_client
    _, tid = _evening(client)
    sheet_url = f"/organizer/tournaments/{tid}/rounds/1/sheet"
    token = _csrf(client.get(sheet_url, headers=ZH).get_data(as_text=True))
    client.post(sheet_url, data={"csrf_token": token}, headers=ZH)
    path = re.findall(r'<p class="url"><a href="([^"]+)"', client.get(sheet_url, headers=ZH).get_data(as_text=True))[0]
    path = path.split("localhost")[-1]
    table = client.get(path, headers=ZH).get_data(as_text=True)
    seat = re.findall(r'name="entered_by" value="(\d+)"', table)[0]
    text = _illegal_mid_line()
    line, column = _check_says(client, text)
    assert int(column) > 1
    form = {"csrf_token": token, "entered_by": seat, "kind": "game", "deal": "1", "game": text}
    r = client.post(f"{path}/deals", data=form, headers=ZH)
    page = r.get_data(as_text=True)
    assert r.status_code == 422
    assert f"第 {line} 行第 {column} 列" in page
    _marked(page, line, column)
    box = re.search(r'<textarea id="t-game"[^>]*>(.*?)</textarea>', page, re.S)
    assert box and html.unescape(box.group(1)) == text  # the typed text comes back whole


def test_a_typed_game_refused_on_the_manage_page_says_line_and_column(db_client):
    client = db_client
    _, tid = _evening(client)
    players = client.get(f"/v1/tournaments/{tid}/players").get_json()["items"][:5]
    text = _illegal_mid_line()
    line, column = _check_says(client, text)
    token = _csrf(client.get(f"/organizer/tournaments/{tid}", headers=ZH).get_data(as_text=True))
    form = {"csrf_token": token, "game": text, **{f"seat{i}": str(p["id"]) for i, p in enumerate(players)}}
    r = client.post(f"/organizer/tournaments/{tid}/games", data=form, headers=ZH)
    page = r.get_data(as_text=True)
    assert r.status_code == 422, page[:2000]
    assert f"第 {line} 行第 {column} 列" in page
    _marked(page, line, column)


def test_a_typed_game_with_a_nul_on_the_manage_page_is_refused_not_stored(db_client):
    """A NUL in a comment of a typed game was a 500 on PostgreSQL (the text is stored as typed)."""
    client = db_client
    _, tid = _evening(client)
    players = client.get(f"/v1/tournaments/{tid}/players").get_json()["items"][:5]
    from service.core import random_record
    from service.core.notation import format_record

    text = format_record(random_record(9)).replace("plays", "# a\x00comment\nplays", 1)
    token = _csrf(client.get(f"/organizer/tournaments/{tid}", headers=ZH).get_data(as_text=True))
    form = {"csrf_token": token, "game": text, **{f"seat{i}": str(p["id"]) for i, p in enumerate(players)}}
    r = client.post(f"/organizer/tournaments/{tid}/games", data=form, headers=ZH)
    assert r.status_code == 422, r.get_data(as_text=True)[:1000]
    assert client.get(f"/v1/tournaments/{tid}/games").get_json()["total"] == 0
