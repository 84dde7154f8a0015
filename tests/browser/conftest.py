"""The pages in a real browser: the service as it runs (`baohuang serve`, gunicorn, SQLite in a
temporary directory) and the distribution's Chromium driven by Playwright."""

from __future__ import annotations

import json
import os
import signal
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.system.test_deploy import start_serve, wait_ready

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("BAOHUANG_BROWSER", "/usr/bin/chromium")

pytestmark = pytest.mark.slow


def pytest_collection_modifyitems(items: list[Any]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"no browser at {CHROMIUM}: .ci/browser.sh installs it")
        pytest.skip(f"no browser at {CHROMIUM} (bash .ci/browser.sh installs it)")
    tmp = tmp_path_factory.mktemp("browser")
    proc, port = start_serve(
        tmp,
        2,
        BAOHUANG_OPEN_SIGNUP="1",
        BAOHUANG_SECRET_KEY="browser-tests",
        BAOHUANG_RATE_LIMIT_PER_MINUTE="100000",
        BAOHUANG_SIGNUP_LIMIT="1000 per hour",  # every test registers its own club
    )
    try:
        wait_ready(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


@pytest.fixture(scope="session")
def browser(server: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(locale="en-GB", accept_downloads=True, viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    pg.csp_errors = []
    pg.on("console", lambda m: pg.csp_errors.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        yield pg
    finally:
        context.close()


def api(server: str, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if key:
        req.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def accessible(page: Any) -> None:
    """axe-core (vendored in axe-playwright-python) finds no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad
