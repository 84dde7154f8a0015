"""Values the service reads from people beside the game itself: names, labels and reasons, and
moments in time in a club's own time zone. One reading each, used by the HTTP layer, the use
cases and the command line.

Moments are kept in UTC. A time written without a zone is read in the club's zone (an IANA name;
a tournament may have its own), and every time a person reads is written back in it:

>>> moment("2026-12-03T19:30", "Asia/Shanghai").isoformat()
'2026-12-03T11:30:00+00:00'
>>> local(moment("2026-12-03T19:30", "Asia/Shanghai"), "Asia/Shanghai")
'2026-12-03 19:30 (Asia/Shanghai)'
"""

from __future__ import annotations

import functools
import unicodedata
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

__all__ = ["DEFAULT_ZONE", "FUTURE_GRACE", "clean_text", "local", "local_iso", "moment", "new_time_zone", "time_zone"]

DEFAULT_ZONE = "Asia/Shanghai"
# How far ahead of the server's clock a game may say it was played (clocks differ a little).
FUTURE_GRACE = timedelta(minutes=5)


def utcnow() -> datetime:
    """Now, in UTC (every stored moment is one).

    >>> a = utcnow(); b = utcnow()
    >>> a.tzinfo is UTC and b >= a and b is not a
    True
    """
    return datetime.now(UTC)


@functools.cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def time_zone(name: object) -> ZoneInfo:
    """The IANA time zone of that name (ValueError for anything else: an offset, an abbreviation,
    a value that is not a string)."""
    if not isinstance(name, str):
        raise ValueError("not an IANA time zone's name, e.g. Asia/Shanghai, Asia/Taipei, Europe/Berlin")
    return _zone(name)


def _named_place(name: str) -> bool:
    """An IANA zone named for a place (Area/Location), or UTC: not an abbreviation (EST, CET,
    PRC) nor a rule of the old System V style (EST5EDT), which IANA keeps only for compatibility
    and which name no place's clocks. A fixed offset is written Etc/GMT-8."""
    return "/" in name or name == "UTC"


def new_time_zone(name: object) -> str:
    """A zone a club or tournament may choose now: an IANA zone named for a place (ValueError for
    an abbreviation, an old System V rule, an offset, anything else). Zones chosen before this rule
    are still read (time_zone)."""
    if not isinstance(name, str) or not _named_place(name):
        raise ValueError(
            f"{name!r} is not an IANA time zone named for a place, e.g. Asia/Shanghai, Asia/Taipei, "
            "Europe/Berlin (abbreviations such as EST are refused; a fixed offset is Etc/GMT-8)"
        )
    time_zone(name)
    return name


@functools.lru_cache(maxsize=512)
def _zone(name: str) -> ZoneInfo:
    if name not in _zones():
        raise ValueError(f"{name!r} is not an IANA time zone, e.g. Asia/Shanghai, Asia/Taipei, Europe/Berlin")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{name!r} is not an IANA time zone on this server") from None


def moment(value: object, zone: str | None = None) -> datetime:
    """An ISO 8601 date and time as a moment in UTC; one without a zone is read in ``zone`` (an
    IANA name; None: UTC). ValueError if it is not one, or if it lies outside the years 1 to 9999
    once shifted to UTC."""
    if not isinstance(value, str) or len(value) > 64 or not (value.isascii() and value.isprintable()):
        raise ValueError("not an ISO 8601 date and time, e.g. 2026-11-30T19:30:00+08:00")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError("not an ISO 8601 date and time, e.g. 2026-11-30T19:30:00+08:00") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC if zone is None else time_zone(zone))
    try:
        found = parsed.astimezone(UTC)
    except OverflowError:
        raise ValueError("out of range: in UTC it falls before the year 1 or after 9999") from None
    if found.astimezone(parsed.tzinfo).replace(tzinfo=None) != parsed.replace(tzinfo=None):
        # The clocks of that zone skipped it (the spring change): no such moment was lived there.
        raise ValueError(f"{value} does not exist in {zone}: its clocks skipped that hour; give the offset")
    # Twice lived (the autumn change, fold 0): the first of the two, as datetime reads it (docs/api.md).
    return found


def local_iso(when: datetime, zone: str) -> str:
    """A moment as ISO 8601 in the club's time (its offset written: the same moment)."""
    return when.astimezone(time_zone(zone)).isoformat()


# How a Chinese page names the zones of China's clubs (any other zone: its offset from UTC).
ZONE_NAMES_ZH = {
    "Asia/Shanghai": "北京时间",
    "Asia/Chongqing": "北京时间",
    "Asia/Harbin": "北京时间",
    "Asia/Urumqi": "乌鲁木齐时间",
    "Asia/Hong_Kong": "香港时间",
    "Asia/Macau": "澳门时间",
    "Asia/Taipei": "台北时间",
}


def local(when: datetime | None, zone: str, *, seconds: bool = False, language: str = "en") -> str:
    """A moment as a person reads it: the date and time in the club's zone, and the zone (in a
    Chinese page, by its Chinese name where it has one, else by its offset)."""
    if when is None:
        return ""
    here = when.astimezone(time_zone(zone))
    shown = here.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")
    if language != "zh":
        return f"{shown} ({zone})"
    offset = here.strftime("%z")
    return f"{shown}（{ZONE_NAMES_ZH.get(zone) or f'UTC{offset[:3]}:{offset[3:]}'}）"


# Characters a name may not hold: controls (NUL, newlines, …), format characters (zero-width
# spaces and joiners, bidi controls, soft hyphens) and the private-use and unassigned ranges.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Cs"}


def clean_text(value: object, *, max_length: int, what: str = "a name") -> str:
    """Text as the service keeps it: NFC-normalised, trimmed, not empty, without control,
    format or unassigned characters. ValueError says what is wrong."""
    if not isinstance(value, str):
        raise ValueError(f"{what} is a string")
    text = unicodedata.normalize("NFC", value).strip()
    if not text:
        raise ValueError(f"{what} is not empty (spaces alone do not count)")
    bad = next((c for c in text if unicodedata.category(c) in _REFUSED_CATEGORIES), None)
    if bad is not None:
        raise ValueError(
            f"{what} may not hold control, format or unassigned characters (found U+{ord(bad):04X} "
            f"{unicodedata.name(bad, 'unnamed')})"
        )
    if len(text) > max_length:
        raise ValueError(f"{what} has at most {max_length} characters")
    return text
