"""A club signs itself up on a phone (360×740, Chinese) where the server allows it: from the
sign-in page's "no key yet?" to the key shown once, then signed in with it."""

from __future__ import annotations

import re

from tests.browser.conftest import accessible, shot
from tests.browser.test_phone_fit import _fits, _phone


def test_a_club_signs_up_from_the_sign_in_page(browser, server):
    context, page = _phone(browser, 360, 740)
    try:
        page.goto(server + "/signin?lang=zh")
        assert "还没有密钥" in page.locator("#no-key").inner_text()
        with page.expect_navigation():
            page.click("main a[href='/signup']")
        _fits(page)
        accessible(page)
        page.fill("#su-name", "烟台周五俱乐部")
        assert page.locator("#su-zone").input_value() == "Asia/Shanghai"
        with page.expect_navigation():
            page.click("main button[type=submit]")
        key = page.locator("#new-key").inner_text()
        assert key.startswith("bh_")
        assert "只显示这一次" in page.locator("main").inner_text()
        _fits(page)
        accessible(page)
        shot(page, "phone-signup-key")
        with page.expect_navigation():
            page.click("main button[type=submit]")
        page.wait_for_url(re.compile(r".*/organizer$"))
        # the key page is not kept: going back does not show the key again from a cache
        from playwright.sync_api import Error

        try:
            page.go_back()
            shown = page.content()
        except Error as exc:  # Chromium will not show a no-store answer to a POST from its cache
            assert "ERR_CACHE_MISS" in str(exc)
            shown = ""
        assert key not in shown
    finally:
        context.close()
