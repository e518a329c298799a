"""The SSRF guard refuses before any connection; no packet leaves for a private address."""

from __future__ import annotations

import socket

import pytest
from aiohttp.abc import AbstractResolver

from reference.errors import BlockedAddressError
from worker.fetch import FetchConfig, Fetcher
from worker.netguard import AddressPolicy, GuardedResolver, classify


class MapResolver(AbstractResolver):
    """Names to fixed addresses, like a hostile DNS server would answer."""

    def __init__(self, table: dict[str, str]):
        self.table, self.asked = table, []

    async def resolve(self, host, port=0, family=socket.AF_INET):
        self.asked.append(host)
        addr = self.table[host]
        fam = socket.AF_INET6 if ":" in addr else socket.AF_INET
        return [{"hostname": host, "host": addr, "port": port, "family": fam, "proto": 0, "flags": 0}]

    async def close(self):
        return None


@pytest.mark.parametrize(
    ("address", "category"),
    [
        ("10.0.0.1", "private"),
        ("192.168.1.1", "private"),
        ("172.16.0.1", "private"),
        ("100.64.0.1", "private"),
        ("127.0.0.1", "loopback"),
        ("::1", "loopback"),
        ("169.254.169.254", "link_local"),
        ("fe80::1", "link_local"),
        ("224.0.0.1", "multicast"),
        ("0.0.0.0", "reserved"),
        ("::ffff:127.0.0.1", "loopback"),
        ("fc00::1", "private"),
        ("8.8.8.8", None),
        ("2606:4700::1111", None),
    ],
)
def test_classify(address, category):
    import ipaddress

    assert classify(ipaddress.ip_address(address)) == category


async def test_resolver_refuses_private_answers_before_connecting():
    inner = MapResolver({"evil.test": "10.0.0.1", "meta.test": "169.254.169.254", "v6.test": "::1"})
    guard = GuardedResolver(AddressPolicy(), inner)
    for host in ("evil.test", "meta.test", "v6.test"):
        with pytest.raises(BlockedAddressError, match="DEEPREF_FETCH_ALLOW_PRIVATE"):
            await guard.resolve(host, 80)


async def test_fetcher_refuses_names_and_literals(web_site):
    resolver = MapResolver({"evil.test": "10.0.0.1", "mapped.test": "::ffff:127.0.0.1"})
    fetcher = Fetcher(FetchConfig(timeout=2), resolver=resolver)
    try:
        for url in (
            "http://evil.test/x",
            "http://mapped.test/x",
            "http://10.1.2.3/",
            "http://[::1]:8080/",
            "http://169.254.169.254/latest/meta-data/",
            web_site.url("/article"),
        ):
            outcome = await fetcher.fetch_one(url)
            assert outcome.reason == "blocked-address", (url, outcome)
        assert web_site.site.hits["/article"] == 0  # loopback not allowed: never contacted
    finally:
        await fetcher.close()


async def test_redirect_to_private_address_is_refused(web_site):
    resolver = MapResolver({"127.0.0.1": "127.0.0.1"})
    fetcher = Fetcher(FetchConfig(allow=("loopback",), timeout=2, respect_robots=False), resolver=resolver)
    try:
        outcome = await fetcher.fetch_one(web_site.url("/redirect-private"))
        assert outcome.reason == "blocked-address" and "10.0.0.1" in outcome.detail
        assert web_site.site.hits["/redirect-private"] == 1
    finally:
        await fetcher.close()


async def test_non_http_schemes_are_refused():
    fetcher = Fetcher(FetchConfig())
    try:
        assert (await fetcher.fetch_one("ftp://example.com/x")).reason == "unsupported-scheme"
        assert (await fetcher.fetch_one("file:///etc/passwd")).reason == "outside-corpus"
    finally:
        await fetcher.close()
