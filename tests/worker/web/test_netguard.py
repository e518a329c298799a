"""The SSRF guard refuses before any connection; no packet leaves for a private address."""

from __future__ import annotations

import socket

import pytest
from aiohttp.abc import AbstractResolver

from deepref.worker.errors import BlockedAddressError
from deepref.worker.web.fetch import FetchConfig, Fetcher
from deepref.worker.web.netguard import AddressPolicy, GuardedConnector, GuardedResolver, classify, literal_address

UNICODE_FORMS = {  # written form -> the address yarl (and so aiohttp) connects to
    "１２７.０.０.１": "127.0.0.1",
    "127。0。0。1": "127.0.0.1",
    "１２７．０．０．１": "127.0.0.1",
    "１６９.２５４.１６９.２５４": "169.254.169.254",
    "１０.0.0.5": "10.0.0.5",
}
NUMERIC_FORMS = (
    "2130706433",
    "0177.0.0.1",
    "127.1",
    "0",
    "0x7f.1",
    "0x7f000001",
    "127.0.0.1.",
    "１２７.１",
    "foo.0x7f",
)


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
        # issue 9: ranges Python's own table misses or calls global
        ("fec0::1", "private"),  # IPv6 site-local
        ("198.18.0.1", "private"),
        ("192.0.0.8", "reserved"),
        ("192.88.99.1", "reserved"),
        ("240.0.0.1", "reserved"),
        ("255.255.255.255", "reserved"),
        ("::", "reserved"),
        ("::7f00:1", "loopback"),  # IPv4-compatible ::127.0.0.1
        ("::ffff:0:7f00:1", "loopback"),  # IPv4-translated
        ("::ffff:7f00:1", "loopback"),
        ("64:ff9b::a00:5", "private"),  # NAT64 of 10.0.0.5
        ("64:ff9b::a9fe:a9fe", "link_local"),  # NAT64 of 169.254.169.254
        ("64:ff9b::808:808", None),  # NAT64 of a public address stays public
        ("64:ff9b:1::1", "private"),
        ("2002:7f00:1::", "loopback"),  # 6to4 of 127.0.0.1
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"),  # Teredo
        ("2001:db8::1", "reserved"),
        ("3fff::1", "reserved"),
        ("100::1", "reserved"),
        ("4000::1", "reserved"),  # outside 2000::/3, not handed out
        ("1.2.3.4", None),
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


@pytest.mark.parametrize("host", NUMERIC_FORMS)
def test_numeric_host_forms_are_refused_by_our_own_check(host):
    with pytest.raises(ValueError, match=r"numeric|resolver"):
        literal_address(host.encode("idna").decode() if not host.isascii() else host)
    with pytest.raises(BlockedAddressError, match="numeric") as caught:
        AddressPolicy.from_flag(True).check_url(f"http://{host}:8080/")  # even where private is allowed
    assert caught.value.reason == "blocked-address"


def test_literal_address_parses_canonical_forms_and_leaves_names():
    assert str(literal_address("127.0.0.1")) == "127.0.0.1"
    assert str(literal_address("[::ffff:7f00:1]")) == "::ffff:7f00:1"
    assert str(literal_address("fe80::1%25eth0")) == "fe80::1"
    assert literal_address("example.com") is None
    assert literal_address("xn--bcher-kva.example") is None
    assert literal_address("1e100.net") is None  # a real name whose labels start with digits


@pytest.mark.parametrize(("written", "address"), UNICODE_FORMS.items())
def test_unicode_digits_and_dots_are_normalised_before_the_check(written, address):
    with pytest.raises(BlockedAddressError) as caught:
        AddressPolicy().check_url(f"http://{written}:8081/")
    message = str(caught.value)
    assert f"{address} (written {written})" in message and "DEEPREF_FETCH_ALLOW_PRIVATE" in message


async def test_fetcher_refuses_unicode_and_numeric_spellings_of_loopback(web_site):
    """The review's critical finding: these reached 127.0.0.1 and came back as sources."""
    fetcher = Fetcher(FetchConfig(timeout=2))  # production policy: nothing private
    try:
        forms = [f for f, a in UNICODE_FORMS.items() if a == "127.0.0.1"] + [
            "[::ffff:127.0.0.1]",
            "[::ffff:7f00:1]",
            "2130706433",
            "0x7f.1",
            "127.1",
        ]
        for host in forms:
            outcome = await fetcher.fetch_one(f"http://{host}:{web_site.port}/article")
            assert outcome.reason == "blocked-address", (host, outcome)
        assert web_site.site.hits["/article"] == 0 and web_site.site.hits["/robots.txt"] == 0
    finally:
        await fetcher.close()


async def test_connector_refuses_even_when_the_url_check_is_skipped(web_site, monkeypatch):
    """Defence in depth: with the URL check switched off, the socket-address check
    in the connector still refuses before a byte is sent."""
    from yarl import URL

    fetcher = Fetcher(FetchConfig(timeout=2, respect_robots=False))
    monkeypatch.setattr(fetcher.policy, "check_url", lambda url: URL(url))
    try:
        for host in ("127.0.0.1", "１２７.０.０.１", "[::ffff:127.0.0.1]"):
            outcome = await fetcher.fetch_one(f"http://{host}:{web_site.port}/article")
            assert outcome.reason == "blocked-address", (host, outcome)
            assert "refused to connect to" in outcome.detail
        assert web_site.site.hits["/article"] == 0
    finally:
        await fetcher.close()


async def test_peer_address_is_checked_after_connecting(web_site):
    """The last line: a connection whose peer is refused is closed before the request."""
    import aiohttp

    class NoSocketCheck(GuardedConnector):
        def _socket(self, addr_info):
            family, type_, proto, _, _ = addr_info
            return socket.socket(family=family, type=type_, proto=proto)

    checked = []
    policy = AddressPolicy()
    original = policy.check_peer
    policy.check_peer = lambda address, port=None: (checked.append(address), original(address, port))[1]
    async with aiohttp.ClientSession(connector=NoSocketCheck(policy)) as session:
        with pytest.raises(BlockedAddressError, match="loopback"):
            await session.get(web_site.url("/article"))
    assert checked == ["127.0.0.1"]
    assert web_site.site.hits["/article"] == 0


async def test_resolver_refuses_numeric_names_without_asking_dns():
    inner = MapResolver({"0x7f.1": "127.0.0.1"})
    with pytest.raises(BlockedAddressError, match="numeric"):
        await GuardedResolver(AddressPolicy.from_flag(True), inner).resolve("0x7f.1", 80)
    assert inner.asked == []


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_redirects_to_unicode_private_hosts_are_refused(status):
    from aiohttp import web

    from tests.fakes.server import ServerThread

    async def handler(request):
        return web.Response(status=status, headers={"Location": request.query["to"]})

    app = web.Application()
    app.router.add_get("/hop", handler)
    server = ServerThread(app).start()
    fetcher = Fetcher(FetchConfig(allow=("loopback",), timeout=2, respect_robots=False))
    try:
        for written, address in UNICODE_FORMS.items():
            if address == "127.0.0.1":
                continue
            outcome = await fetcher.fetch_one(f"{server.base_url}/hop?to=http://{written}/")
            assert outcome.reason == "blocked-address" and address in outcome.detail, (status, written, outcome)
    finally:
        await fetcher.close()
        server.stop()
