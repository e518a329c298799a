"""The SSRF guard: which addresses the fetcher may connect to, checked where it counts.

The fetcher visits URLs that strangers control. A link to ``http://169.254.169.254/``
(cloud metadata), ``http://10.0.0.5/admin`` or a name whose DNS answer is
``127.0.0.1`` must not be fetched, however the address is spelled. Four checks,
each of which alone refuses every private target (docs/pipeline.md, "Security model"):

1. :func:`url_host` parses a URL with yarl, exactly as aiohttp will, so the host we
   check is the host aiohttp connects to after IDNA/NFKC normalisation
   (``１２７.０.０.１`` and ``127。0。0。1`` become ``127.0.0.1``). An IP literal is
   checked there; a host that some resolver would read as a number
   (``2130706433``, ``0177.0.0.1``, ``127.1``, ``0x7f.1``, ``0``) is refused outright.
2. :class:`GuardedResolver` drops every DNS answer the policy refuses, and aiohttp
   connects to exactly the answers it returned (no second lookup to rebind).
3. :class:`GuardedConnector` checks the socket address of every connection attempt
   before the socket exists (literals, cached answers, anything that skipped 1-2).
4. After the TCP handshake the connector checks the peer address once more.

Redirects are followed by hand in worker/web/fetch.py, so every hop passes all four.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable
from typing import Any, NoReturn

import aiohttp
from aiohttp.abc import AbstractResolver
from aiohttp.resolver import DefaultResolver
from yarl import URL

from deepref.worker.errors import BlockedAddressError

CATEGORIES = ("loopback", "private", "link_local", "multicast", "reserved")
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# Our own table, not only ``ipaddress``'s flags: those changed between Python
# releases (3.11 calls fec0::/10 and ::7f00:1 global). First match wins.
_NETWORKS: tuple[tuple[str, str], ...] = (
    ("0.0.0.0/8", "reserved"),  # "this network"; 0.0.0.0 reaches the local host on Linux
    ("10.0.0.0/8", "private"),
    ("100.64.0.0/10", "private"),  # carrier-grade NAT, often internal
    ("127.0.0.0/8", "loopback"),
    ("169.254.0.0/16", "link_local"),  # cloud metadata lives here
    ("172.16.0.0/12", "private"),
    ("192.0.0.0/24", "reserved"),  # IETF protocol assignments (NAT64 discovery ...)
    ("192.0.2.0/24", "reserved"),  # TEST-NET-1
    ("192.88.99.0/24", "reserved"),  # 6to4 relay anycast
    ("192.168.0.0/16", "private"),
    ("198.18.0.0/15", "private"),  # benchmarking, used for lab networks
    ("198.51.100.0/24", "reserved"),
    ("203.0.113.0/24", "reserved"),
    ("224.0.0.0/4", "multicast"),
    ("240.0.0.0/4", "reserved"),  # includes 255.255.255.255
    ("::1/128", "loopback"),
    ("::/128", "reserved"),
    ("64:ff9b:1::/48", "private"),  # local-use NAT64
    ("100::/64", "reserved"),  # discard-only
    ("2001::/23", "reserved"),  # IETF assignments: Teredo 2001::/32, ORCHID, ...
    ("2001:db8::/32", "reserved"),  # documentation
    ("3fff::/20", "reserved"),  # documentation
    ("5f00::/16", "reserved"),  # SRv6 SIDs
    ("fc00::/7", "private"),  # unique local (fd00::/8)
    ("fe80::/10", "link_local"),
    ("fec0::/10", "private"),  # deprecated site-local, still routed inside sites
    ("ff00::/8", "multicast"),
)
NETWORKS = tuple((ipaddress.ip_network(net), category) for net, category in _NETWORKS)
_GLOBAL_UNICAST_V6 = ipaddress.ip_network("2000::/3")  # the only IPv6 space handed out publicly
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_V4_COMPATIBLE = ipaddress.ip_network("::/96")
_V4_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")
# a last label that resolvers (inet_aton) or WHATWG URL parsers read as a number
_NUMERIC_LABEL = re.compile(r"^(?:0x[0-9a-f]*|[0-9]+)$", re.I)


def embedded_ipv4(ip: IPAddress) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries and reaches (mapped, NAT64, 6to4, ...)."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return None
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in _NAT64 or ip in _V4_TRANSLATED or (ip in _V4_COMPATIBLE and int(ip) > 1):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def classify(ip: IPAddress) -> str | None:
    """The reason ``ip`` is not a public unicast address, or None when it is."""
    inner = embedded_ipv4(ip)
    if inner is not None:
        return classify(inner)
    for network, category in NETWORKS:
        if ip.version == network.version and ip in network:
            return category
    if isinstance(ip, ipaddress.IPv6Address) and ip not in _GLOBAL_UNICAST_V6:
        return "reserved"
    if not ip.is_global:  # whatever this Python's table adds
        return "reserved"
    return None


def literal_address(host: str) -> IPAddress | None:
    """The address ``host`` (a URL's normalised host) spells, or None for a name.

    Raises :class:`ValueError` for a host that is not a canonical IP literal but
    that a resolver or URL parser could read as one: ``2130706433``, ``0177.0.0.1``,
    ``127.1``, ``0x7f.1``, ``0``, ``127.0.0.1.``, malformed IPv6. Those have no
    legitimate use and each library reads them differently, so they are refused.
    """
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    bare = bare.split("%", 1)[0]  # IPv6 zone id ("%25eth0" in a URL)
    try:
        return ipaddress.ip_address(bare)
    except ValueError:
        pass
    if not bare or ":" in bare or not bare.isascii():
        raise ValueError(f"{host!r} is not a valid host")
    labels = bare.rstrip(".").split(".")
    if _NUMERIC_LABEL.match(labels[-1]) or all(_NUMERIC_LABEL.match(label) for label in labels):
        raise ValueError(f"{host!r} is a numeric address form (decimal, octal, hex or shortened)")
    try:
        socket.inet_aton(bare)
    except OSError:
        return None
    raise ValueError(f"{host!r} is read as an IPv4 address by the system resolver")


def url_host(url: str | URL) -> tuple[URL, str]:
    """``url`` parsed the way aiohttp parses it, and the host it will connect to."""
    parsed = url if isinstance(url, URL) else URL(url)
    return parsed, parsed.raw_host or ""


FETCH_HINT = " (set DEEPREF_FETCH_ALLOW_PRIVATE=true only if this deployment must reach internal hosts)"


class AddressPolicy:
    """Which non-public categories are allowed (none by default; tests allow loopback).
    ``hint`` ends a refusal's message: the settings that would allow the address (the
    fetcher's by default; webhooks name their own)."""

    def __init__(self, allow: Iterable[str] = (), *, hint: str = FETCH_HINT):
        allow = set(allow)
        unknown = allow - set(CATEGORIES)
        if unknown:
            raise ValueError(f"unknown address categories {sorted(unknown)}; known: {', '.join(CATEGORIES)}")
        self.allow = frozenset(allow)
        self.hint = hint

    @classmethod
    def from_flag(cls, allow_private: bool) -> AddressPolicy:
        return cls(CATEGORIES if allow_private else ())

    def refusal(self, ip: IPAddress) -> str | None:
        """The category that makes ``ip`` refused under this policy, or None."""
        category = classify(ip)
        return category if category is not None and category not in self.allow else None

    def check(self, host: str, address: str, url: str) -> None:
        """Refuse ``address`` (what ``host`` resolved to) unless the policy allows it."""
        category = self.refusal(ipaddress.ip_address(address.split("%", 1)[0]))
        if category is not None:
            _refuse(url, f"{host} resolves to {address}, a {category.replace('_', '-')} address", self.hint)

    def check_url(self, url: str | URL) -> URL:
        """Parse ``url`` as aiohttp will and refuse an IP-literal host the policy forbids
        (literals never reach a resolver). Returns the parsed URL to request."""
        shown = str(url)
        try:
            parsed, host = url_host(url)
        except (ValueError, UnicodeError) as exc:
            raise BlockedAddressError(
                f"refused to fetch {shown}: invalid URL ({exc})", url=shown, reason="invalid-url"
            ) from None
        if not host:
            raise BlockedAddressError(f"refused to fetch {shown}: the URL has no host", url=shown, reason="invalid-url")
        written = _written_host(shown)
        subject = host if written.lower() in (host.lower(), host.strip("[]").lower()) else f"{host} (written {written})"
        try:
            ip = literal_address(host)
        except ValueError as exc:
            note = f" (written {written})" if subject != host else ""
            _refuse(shown, f"the host {exc}{note}; only canonical IP literals and names are fetched")
        if ip is not None:
            category = self.refusal(ip)
            if category is not None:
                _refuse(shown, f"{subject} is a {category.replace('_', '-')} address", self.hint)
        return parsed

    def check_peer(self, address: str, port: int | None = None) -> None:
        """Refuse a socket address; the last line, below every normalisation."""
        ip = ipaddress.ip_address(str(address).split("%", 1)[0])
        category = self.refusal(ip)
        if category is not None:
            where = f"{address} port {port}" if port is not None else str(address)
            raise BlockedAddressError(
                f"refused to connect to {where}: a {category.replace('_', '-')} address{self.hint}",
                url="",
                reason="blocked-address",
            )


def _refuse(url: str, why: str, hint: str = "") -> NoReturn:
    raise BlockedAddressError(f"refused to fetch {url}: {why}{hint}", url=url, reason="blocked-address")


def _written_host(url: str) -> str:
    """The host as written in ``url`` (before any normalisation), for messages."""
    from urllib.parse import urlsplit

    try:
        return urlsplit(url).hostname or ""
    except ValueError:
        return ""


class GuardedResolver(AbstractResolver):
    """Resolves with ``inner`` and drops every address the policy refuses; raises
    :class:`BlockedAddressError` when none is left (before any connection)."""

    def __init__(self, policy: AddressPolicy, inner: AbstractResolver | None = None):
        self.policy = policy
        self.inner = inner or DefaultResolver()

    async def resolve(self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET) -> list[Any]:
        try:
            literal_address(host)
        except ValueError as exc:  # a name getaddrinfo would read as a number
            raise BlockedAddressError(f"refused to resolve {exc}", url="", reason="blocked-address") from None
        answers = await self.inner.resolve(host, port, family)
        allowed, first_error = [], None
        for answer in answers:
            try:
                self.policy.check(host, answer["host"], f"http://{host}/")
                allowed.append(answer)
            except BlockedAddressError as exc:
                first_error = first_error or exc
        if not allowed:
            if first_error is not None:
                raise first_error
            raise OSError(f"no address found for {host}")
        return allowed

    async def close(self) -> None:
        await self.inner.close()


class GuardedConnector(aiohttp.TCPConnector):
    """A TCP connector that refuses any socket address the policy forbids, whatever
    path led to it: checked on the address handed to ``connect()`` (through
    aiohttp's public ``socket_factory`` hook) and again on the connected peer."""

    def __init__(self, policy: AddressPolicy, resolver: AbstractResolver | None = None, **kwargs: Any):
        self.policy = policy
        super().__init__(resolver=GuardedResolver(policy, resolver), socket_factory=self._socket, **kwargs)

    def _socket(self, addr_info: tuple) -> socket.socket:
        family, type_, proto, _, sockaddr = addr_info
        self.policy.check_peer(sockaddr[0], sockaddr[1])
        return socket.socket(family=family, type=type_, proto=proto)

    async def _wrap_create_connection(self, *args: Any, **kwargs: Any) -> Any:
        # private hook (stable since aiohttp 3.10): the one place the transport is seen
        # before the request is written, so a surprising peer never receives a byte
        transport, protocol = await super()._wrap_create_connection(*args, **kwargs)
        peer = transport.get_extra_info("peername")
        try:
            if not peer:
                raise BlockedAddressError("refused: no peer address to check", url="", reason="blocked-address")
            self.policy.check_peer(peer[0], peer[1])
        except BlockedAddressError:
            transport.close()
            raise
        return transport, protocol
