"""An embedded replay framed by a page on another origin: it loads, steps, and is sized by its
frame; the same site's ordinary pages refuse to be framed there; a game given in the fragment
is replayed."""

from __future__ import annotations

import http.server
import json
import socket
import threading
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from service.core import random_record
from tests.browser.conftest import api


@pytest.fixture()
def other_site() -> Iterator[tuple[str, dict[str, str]]]:
    """Another origin (another port): serves the page that ``pages[path]`` holds."""
    pages: dict[str, str] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{port}", pages  # localhost, not 127.0.0.1: another origin
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_another_site_frames_the_replay_but_not_the_other_pages(page, server, other_site):
    origin, pages = other_site
    reg = api(server, "POST", "/v1/organizers", {"name": "Embedding club"})
    key = reg["key"]["secret"]
    t = api(server, "POST", "/v1/tournaments", {"name": "Framed league"}, key)
    ids = [api(server, "POST", f"/v1/tournaments/{t['id']}/players", {"name": n}, key)["id"] for n in "甲乙丙丁戊"]
    game = api(server, "POST", f"/v1/tournaments/{t['id']}/games", {"players": ids, "record": random_record(6)}, key)
    pages["/blog"] = (
        "<!doctype html><html><body><h1>Our club's blog</h1>"
        f'<div style="width:360px"><iframe id="replay" src="{server}/embed/games/{game["id"]}?lang=zh" '
        'style="width:100%;height:520px;border:0"></iframe></div>'
        f'<iframe id="page" src="{server}/tournaments/{t["id"]}" style="width:300px;height:200px"></iframe>'
        "</body></html>"
    )
    page.goto(f"{origin}/blog")
    framed = page.frame_locator("#replay")
    framed.locator("#replay").wait_for()
    assert framed.locator("[data-go=forward]").inner_text().startswith("下一步")
    framed.locator("[data-go=forward]").click()
    framed.locator("[data-go=forward]").click()
    assert framed.locator("#step-no").inner_text() == "2"
    width = framed.locator("body").evaluate("b => b.getBoundingClientRect().width")
    assert width <= 360  # sized by the frame: no sideways scroll inside it
    assert framed.locator("html").evaluate("h => h.scrollWidth <= h.clientWidth")
    page.wait_for_timeout(300)
    refused = page.locator("#page").element_handle().content_frame()
    assert refused is not None and refused.url.startswith("chrome-error://")  # blocked: frame-ancestors 'none'
    assert not page.context.cookies(server)  # the embed set no cookie


def test_a_game_in_the_fragment_is_replayed(page, server, other_site):
    origin, pages = other_site
    record = json.dumps(random_record(7))
    pages["/post"] = (
        f'<!doctype html><iframe id="r" src="{server}/embed/replay#{quote(record)}" style="width:100%;height:600px"></iframe>'
    )
    page.goto(f"{origin}/post")
    framed = page.frame_locator("#r")
    framed.locator("#replay").wait_for()
    assert int(framed.locator("#replay").get_attribute("data-steps")) == len(random_record(7)["plays"])
