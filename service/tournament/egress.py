"""What leaves the server: webhook posts go only to the public internet, and each within a deadline.

An organizer names a URL; the service connects to it. Left unchecked, that is a way into the
server's own network (the database's port, a cloud's metadata service at 169.254.169.254, an
admin page on 127.0.0.1) and, through the attempts' errors, a scanner of it. So:

- a URL is ``http`` or ``https``, without user name or password;
- its host is resolved once, and **every** address it resolves to must be public: not loopback,
  private, link-local, unique-local, site-local, multicast, unspecified, shared (100.64/10),
  documentation or otherwise reserved, for IPv4 and IPv6 alike, and an IPv6 address that
  carries an IPv4 one (IPv4-mapped ``::ffff:a.b.c.d``, 6to4 ``2002::/16``, NAT64
  ``64:ff9b::/96``) is judged by the IPv4 address it carries;
- the connection is made to the address that was checked (never to the name again, so a DNS
  answer that changes between the check and the connection cannot switch it), with the name
  sent as ``Host`` and, for https, as the TLS server name the certificate is checked against;
- a redirect is never followed: a 3xx is a failed attempt;
- the whole attempt — connecting, sending and the receiver's answer — has one wall-clock
  deadline: a receiver that sends a byte every few seconds is cut off at the deadline.

An operator who runs receivers inside their own network (tests, a local relay) allows them with
``BAOHUANG_WEBHOOK_ALLOW_NETWORKS``: comma-separated networks in CIDR form (``127.0.0.1/32,
10.1.0.0/16``), none by default.

The post is written here with the standard library's socket and ssl rather than urllib or httpx:
neither offers a deadline for the whole exchange (theirs bound each read, so a trickling receiver
is never cut off) nor connects to an address checked beforehand; the exchange itself is one
request and one status line, which is all a webhook needs.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import ssl
import time
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["AddressRefused", "Target", "allowed_networks", "check_url", "post", "refusal"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_SHARED = ipaddress.IPv4Network("100.64.0.0/10")
MAX_URL = 2000


class AddressRefused(ValueError):
    """A webhook URL the service will not post to, and why (a sentence for the organizer)."""


@dataclass(frozen=True, slots=True)
class Target:
    """A URL checked: where to connect (the addresses, in the resolver's order) and what to send."""

    scheme: str
    host: str  # as the URL names it: sent as Host and as the TLS server name
    port: int
    path: str  # path and query
    addresses: tuple[Address, ...]


def allowed_networks(setting: str | None = None) -> tuple[Network, ...]:
    """The internal networks an operator allows receivers in (BAOHUANG_WEBHOOK_ALLOW_NETWORKS)."""
    raw = os.environ.get("BAOHUANG_WEBHOOK_ALLOW_NETWORKS", "") if setting is None else setting
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in raw.split(",") if part.strip())


def refusal(address: Address) -> str | None:
    """Why ``address`` is not on the public internet (None: it is)."""
    if isinstance(address, ipaddress.IPv6Address):
        carried = address.ipv4_mapped or address.sixtofour
        if carried is None and address in _NAT64:
            carried = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if carried is not None:
            inner = refusal(carried)
            return None if inner is None else f"{inner} (carried in {address})"
        if address.is_site_local:
            return "a site-local address"
    for test, words in (
        ("is_unspecified", "the unspecified address"),
        ("is_loopback", "a loopback address"),
        ("is_link_local", "a link-local address"),
        ("is_multicast", "a multicast address"),
        ("is_private", "a private or reserved address"),
        ("is_reserved", "a reserved address"),
    ):
        if getattr(address, test):
            return words
    if isinstance(address, ipaddress.IPv4Address) and address in _SHARED:
        return "a shared (carrier-grade NAT) address"
    if not address.is_global:
        return "not a public address"
    return None


def _allowed(address: Address, allow: Sequence[Network]) -> bool:
    return any(address.version == n.version and address in n for n in allow)


def check_url(url: str, allow: Sequence[Network] | None = None, resolve: bool = True) -> Target:
    """``url`` checked and its host resolved once, or AddressRefused saying why not."""
    allow = allowed_networks() if allow is None else allow
    if len(url) > MAX_URL:
        raise AddressRefused(f"a webhook URL is at most {MAX_URL} characters")
    if any(ord(ch) < 0x21 or ord(ch) == 0x7F for ch in url):
        raise AddressRefused("a webhook URL holds no spaces or control characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise AddressRefused(f"not a URL: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise AddressRefused("a webhook URL is http:// or https://")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise AddressRefused("a webhook URL carries no user name or password")
    host = parts.hostname
    if not host:
        raise AddressRefused("a webhook URL names a host")
    port = port or (443 if scheme == "https" else 80)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        literal: Address | None = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None:
        addresses: tuple[Address, ...] = (literal,)
    elif not resolve:
        return Target(scheme, host, port, path, ())
    else:
        addresses = _resolve(host, port)
    for address in addresses:
        why = refusal(address)
        if why is not None and not _allowed(address, allow):
            shown = host if literal is not None else f"{host} ({address})"
            raise AddressRefused(
                f"{shown} is {why}: webhooks are posted only to public addresses "
                "(an operator allows internal ones with BAOHUANG_WEBHOOK_ALLOW_NETWORKS)"
            )
    return Target(scheme, host, port, path, addresses)


def _resolve(host: str, port: int) -> tuple[Address, ...]:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise AddressRefused(f"the host {host!r} does not resolve ({exc.__class__.__name__})") from None
    out: list[Address] = []
    for *_, sockaddr in infos:
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if address not in out:
            out.append(address)
    if not out:
        raise AddressRefused(f"the host {host!r} does not resolve")
    return tuple(out)


def post(
    url: str,
    body: bytes,
    headers: dict[str, str],
    deadline: float,
    allow: Sequence[Network] | None = None,
    context: ssl.SSLContext | None = None,
) -> tuple[int | None, str | None]:
    """POST ``body`` to ``url``: the receiver's status, or None and why there was none. The
    address is checked as at registration (it may have changed since), the connection made to
    the address checked, and the whole exchange bounded by ``deadline`` seconds."""
    end = time.monotonic() + deadline
    try:
        target = check_url(url, allow)
    except AddressRefused as exc:
        return None, f"refused: {exc}"
    try:
        status = _exchange(target, body, headers, end, context)
    except TimeoutError:
        return None, f"no answer within {deadline:g} s"
    except ssl.SSLError as exc:
        return None, f"TLS failed: {exc.reason or exc.__class__.__name__}"
    except (OSError, ValueError):
        # Not told apart (refused, reset, unreachable): the attempts must not map a network.
        return None, "no connection, or the connection was closed before an answer"
    if 300 <= status < 400:
        return status, "a redirect: not followed (register the URL it points to)"
    return status, None


def _remaining(end: float) -> float:
    left = end - time.monotonic()
    if left <= 0:
        raise TimeoutError
    return left


def _exchange(target: Target, body: bytes, headers: dict[str, str], end: float, context: ssl.SSLContext | None) -> int:
    sock = _connect(target, end)
    try:
        if target.scheme == "https":
            sock.settimeout(_remaining(end))
            sock = (context or ssl.create_default_context()).wrap_socket(sock, server_hostname=target.host)
        default = 443 if target.scheme == "https" else 80
        host = f"[{target.host}]" if ":" in target.host else target.host
        host_header = host if target.port == default else f"{host}:{target.port}"
        lines = [f"POST {target.path} HTTP/1.1", f"Host: {host_header}", f"Content-Length: {len(body)}"]
        lines += [f"{k}: {v}" for k, v in headers.items() if k.lower() not in ("host", "content-length")]
        lines.append("Connection: close")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        sock.settimeout(_remaining(end))
        sock.sendall(head + body)  # the timeout bounds the whole sendall
        return _status(sock, end)
    finally:
        sock.close()


def _connect(target: Target, end: float) -> socket.socket:
    last: OSError | None = None
    for address in target.addresses:
        family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.settimeout(_remaining(end))
            sock.connect((str(address), target.port))
            return sock
        except TimeoutError:
            sock.close()
            raise
        except OSError as exc:
            sock.close()
            last = exc
    raise last or OSError("no address")


def _status(sock: socket.socket, end: float) -> int:
    """The status of the receiver's answer: its first line, read within the deadline."""
    got = b""
    while b"\r\n" not in got and b"\n" not in got:
        if len(got) > 1024:
            raise ValueError("not an HTTP answer")
        sock.settimeout(_remaining(end))
        chunk = sock.recv(1024)
        if not chunk:
            raise ConnectionError("closed before an answer")
        got += chunk
    first = got.splitlines()[0].decode("latin-1")
    version, _, rest = first.partition(" ")
    code = rest[:3]
    if not version.startswith("HTTP/") or not code.isdigit() or not code.isascii():
        raise ValueError("not an HTTP answer")
    return int(code)
