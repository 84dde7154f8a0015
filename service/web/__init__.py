"""Web pages served by the service itself (server-rendered, Chinese and English, no CDN): check a
game, record one at the table, replay, tournaments and standings, the organizers' forms, and the
API documentation. ``install`` adds them to the application with what pages need and the JSON API
does not: a signed session cookie, CSRF protection on every form, and security headers."""

from __future__ import annotations

import logging
import os
import secrets
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Request, Response, request, send_from_directory
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_wtf.csrf import CSRFError, CSRFProtect, generate_csrf

from ..text_and_time import DEFAULT_ZONE, local
from .i18n import asked_lang, gettext, language, ruleset_label, said, seat_label, tr

csrf = CSRFProtect()

# Pages load only what the service serves: no inline script, no other origin, no framing.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
)


def localtime(when: datetime | None, zone: str | None = None) -> str:
    """A moment as the page shows it: in the club's own time (the page's zone: its tournament's,
    or its club's; else Asia/Shanghai), with the zone named."""
    from flask import g

    return local(when, zone or g.get("zone") or DEFAULT_ZONE, language=language())


ALL_MODES = ("normal", "hidden_solo", "open_solo", "surrender", "void")


def modes_of(ruleset: str, options: Any = None) -> tuple[str, ...]:
    """The modes a result sheet may name under this ruleset (every mode, where it cannot be read)."""
    from ..core.errors import RecordError
    from ..core.record_form import read_ruleset
    from ..core.sheets import sheet_modes

    try:
        return sheet_modes(read_ruleset({"name": ruleset, "options": dict(options or {})}))
    except RecordError:
        return ALL_MODES


def secret_key() -> str:
    """The key that signs session cookies: BAOHUANG_SECRET_KEY, else one made once and kept in
    BAOHUANG_SECRET_FILE (default ``baohuang-secret.key`` beside the working directory), so that
    every worker and every restart signs alike."""
    key = os.environ.get("BAOHUANG_SECRET_KEY")
    if key:
        return key
    path = Path(os.environ.get("BAOHUANG_SECRET_FILE", "baohuang-secret.key"))
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    except OSError as exc:  # a read-only place: this process's own key (sessions end with it)
        logging.getLogger("baohuang").warning(
            "cannot keep the session key in %s (%s): set BAOHUANG_SECRET_KEY or BAOHUANG_SECRET_FILE", path, exc
        )
        return secrets.token_urlsafe(48)
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_urlsafe(48))
    return path.read_text().strip()


class _PagesOnlySessions(SecureCookieSessionInterface):
    """The signed session cookie (CSRF tokens, the pages' sign-in) for everything but the JSON
    API, whose requests carry keys, never cookies: no cookie is read, signed or set for them."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if request.path.startswith("/v1/"):
            return self.null_session_class()
        return super().open_session(app, request)


def cookies_secure() -> bool:
    """Whether the session cookie is marked Secure (sent back over HTTPS only, and by browsers
    over http://localhost): yes, unless BAOHUANG_COOKIE_SECURE=0, or the service's public URL is
    plain http:// (``serve --lan`` on a club's Wi-Fi: a browser would never send a Secure cookie
    back to http://192.168.1.20, and no director could sign in nor any table send a form)."""
    asked = os.environ.get("BAOHUANG_COOKIE_SECURE")
    if asked is not None:
        return asked != "0"
    return not os.environ.get("BAOHUANG_PUBLIC_URL", "").lower().startswith("http://")


def install(app: Flask) -> None:
    import flask_swagger_ui

    swagger_ui_path = Path(flask_swagger_ui.__file__).parent / "dist"
    from . import board, check, club, embed, entry, keys, organizer, record, replay, table_entry, tournaments  # noqa: F401 (each adds its pages)
    from .common import blp, error_page, render_error, text_at

    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key()
    app.config.update(
        SESSION_COOKIE_SECURE=cookies_secure(),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_NAME="baohuang_session",
        PERMANENT_SESSION_LIFETIME=timedelta(hours=12),
        WTF_CSRF_CHECK_DEFAULT=False,  # the JSON API authenticates with keys, not cookies
        WTF_CSRF_TIME_LIMIT=None,
    )
    app.session_interface = _PagesOnlySessions()
    csrf.init_app(app)
    app.register_blueprint(blp)
    app.jinja_env.globals.update(
        _=gettext, csrf_token=generate_csrf, lang=language, seat_label=seat_label, localtime=localtime, text_at=text_at
    )
    app.jinja_env.globals.update(modes_of=modes_of, asked_lang=asked_lang)
    app.jinja_env.filters["tr"] = tr
    app.jinja_env.filters["said"] = said
    app.jinja_env.filters["ruleset_label"] = ruleset_label

    @app.errorhandler(CSRFError)
    def _csrf(exc: CSRFError) -> tuple[str, int]:
        # Whichever check failed (no token, an old one, another site's), the reader does the same.
        message = gettext("This form is out of date or did not come from this site; reload the page and send it again.")
        return render_error(400, message)

    app.extensions["baohuang_error_page"] = error_page  # an unknown address, asked for by a browser

    @app.get("/docs/assets/<path:name>")
    def _swagger(name: str) -> Response:
        return send_from_directory(swagger_ui_path, name, max_age=86400)

    @app.after_request
    def _headers(response: Response) -> Response:
        headers = response.headers
        headers.setdefault("X-Content-Type-Options", "nosniff")
        # The type as sent, without parsing its parameters (this runs for every answer).
        if str(headers.get("Content-Type", "")).startswith("text/html"):
            headers.setdefault("Referrer-Policy", "same-origin")  # only a page has links to follow
            headers.setdefault("Content-Security-Policy", CSP)
            if not request.path.startswith("/embed/"):  # embeds say who may frame them in their CSP
                headers.setdefault("X-Frame-Options", "DENY")
            if request.blueprint == "web" or request.path == "/":
                headers.setdefault("Cache-Control", "no-store")
        if request.environ.get("QUERY_STRING") and not request.path.startswith(
            "/embed/"
        ):  # ?lang=zh|en: kept in a cookie (an embed keeps none)
            asked = request.args.get("lang")
            if asked in ("zh", "en") and request.cookies.get("lang") != asked:
                response.set_cookie("lang", asked, max_age=365 * 86400, samesite="Lax", secure=request.is_secure)
        return response
