"""The address people are given: the table links printed on a round sheet and sent by the API
are built from ``BAOHUANG_PUBLIC_URL`` when the operator set it (the address phones at the club
reach the service by), else from the address the request came to. A link to a loopback or
private address works only on the machine or network it names: the round sheet says so."""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

__all__ = [
    "SettingError",
    "lan_address",
    "only_this_machine",
    "public_root",
    "reachable_only_nearby",
    "valid_embed_ancestors",
    "valid_public_url",
]


class SettingError(ValueError):
    """A setting the operator gave that the service cannot use (the command says it in one line)."""


def valid_public_url(value: str) -> str:
    """``BAOHUANG_PUBLIC_URL`` without its trailing slash; ValueError if it is not an http(s) URL."""
    value = value.strip().rstrip("/")
    if not value:
        return ""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise SettingError(
            f"BAOHUANG_PUBLIC_URL must be an http(s) address such as https://club.example.org, not {value!r}"
        )
    return value


# What frame-ancestors accepts: '*', 'self', 'none', or origins (scheme://host[:port], a leading
# *. on the host, or a bare scheme).
_ANCESTOR = re.compile(r"^(\*|'self'|'none'|https?://(\*\.)?[A-Za-z0-9.-]+(:\d+)?|https?:)$")


def valid_embed_ancestors(value: str) -> str:
    """``BAOHUANG_EMBED_ANCESTORS``: who may frame the embeds (default ``*``, any site);
    SettingError if it is not a list of frame-ancestors sources."""
    value = " ".join(value.split()) or "*"
    bad = next((s for s in value.split() if not _ANCESTOR.match(s)), None)
    if bad is not None:
        raise SettingError(
            f"BAOHUANG_EMBED_ANCESTORS: {bad!r} is not a frame-ancestors source "
            "(*, 'self', 'none', or origins such as https://club.example.org)"
        )
    return value


def public_root(configured: str, host_url: str) -> str:
    """Where links point: the configured public address, else the request's own."""
    return configured or host_url.rstrip("/")


def only_this_machine(url: str) -> bool:
    """Whether ``url`` names this machine itself (localhost, a loopback address): no phone opens it."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def lan_address() -> str | None:
    """This machine's address on its network (the one its default route leaves by), for phones on
    the same Wi-Fi: None where it has none but loopback. A UDP socket is "connected" to an address
    of the documentation range (RFC 5737), which sends nothing: it only asks the kernel which
    address would be used."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found = str(s.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(found).is_loopback or found == "0.0.0.0" else found


def reachable_only_nearby(url: str) -> bool:
    """Whether ``url`` names this machine (localhost, loopback) or a private network, where a
    phone on the mobile network cannot open it."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost") or host.endswith(".local"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local or address.is_unspecified
