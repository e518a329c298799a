"""The SSRF guard: which addresses the fetcher may connect to.

The fetcher visits URLs that strangers control. A link to ``http://169.254.169.254/``
(cloud metadata), ``http://10.0.0.5/admin`` or a name whose DNS answer is
``127.0.0.1`` must not be fetched. The check runs inside the connector's
resolver: aiohttp connects to exactly the addresses the guard approved, so a
second DNS answer (rebinding) cannot slip another target in between check and
connect. IP-literal hosts skip resolvers in aiohttp, so they are checked before
each request; redirects are followed by hand and every hop is checked again.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from typing import Any

from aiohttp.abc import AbstractResolver
from aiohttp.resolver import DefaultResolver

from reference.errors import BlockedAddressError

CATEGORIES = ("loopback", "private", "link_local", "multicast", "reserved")


def classify(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    """The reason ``ip`` is not a public unicast address, or None when it is."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return classify(ip.ipv4_mapped)  # ::ffff:127.0.0.1 is 127.0.0.1
    if isinstance(ip, ipaddress.IPv6Address) and ip.sixtofour is not None:
        return classify(ip.sixtofour)
    if ip.is_loopback:
        return "loopback"
    if ip.is_link_local:
        return "link_local"
    if ip.is_multicast:
        return "multicast"
    if ip.is_unspecified or ip.is_reserved:
        return "reserved"
    if ip.is_private or ip in ipaddress.ip_network("100.64.0.0/10"):
        return "private"
    if not ip.is_global:
        return "reserved"
    return None


class AddressPolicy:
    """Which non-public categories are allowed (none by default; tests allow loopback)."""

    def __init__(self, allow: Iterable[str] = ()):
        allow = set(allow)
        unknown = allow - set(CATEGORIES)
        if unknown:
            raise ValueError(f"unknown address categories {sorted(unknown)}; known: {', '.join(CATEGORIES)}")
        self.allow = frozenset(allow)

    @classmethod
    def from_flag(cls, allow_private: bool) -> AddressPolicy:
        return cls(CATEGORIES if allow_private else ())

    def check(self, host: str, address: str, url: str) -> None:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        category = classify(ip)
        if category is not None and category not in self.allow:
            raise BlockedAddressError(
                f"refused to fetch {url}: {host} resolves to {address}, a {category.replace('_', '-')} address "
                "(set DEEPREF_FETCH_ALLOW_PRIVATE=true only if this deployment must reach internal hosts)",
                url=url,
                reason="blocked-address",
            )

    def check_literal(self, host: str, url: str) -> None:
        """Check a host that is an IP literal (aiohttp bypasses the resolver for those)."""
        try:
            ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
        except ValueError:
            return
        self.check(host, host.strip("[]"), url)


class GuardedResolver(AbstractResolver):
    """Resolves with ``inner`` and drops every address the policy refuses; raises
    :class:`BlockedAddressError` when none is left (before any connection)."""

    def __init__(self, policy: AddressPolicy, inner: AbstractResolver | None = None):
        self.policy = policy
        self.inner = inner or DefaultResolver()

    async def resolve(self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET) -> list[Any]:
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
