"""The hostile-site test (issue 9): the review's attack, replayed on every run.

Two network namespaces joined by a veth pair, both created here and removed at
the end: "inet" holds a hostile site on 1.2.3.4 (an address Python calls
global), "lan" holds the production fetcher and canary servers on 127.0.0.1,
::1, 169.254.169.254, 10.0.0.5, 100.64.0.5, fd00::5 and fec0::5 (ports 80 and
8081, every local address: a catch-all that logs each TCP connection). The
lan's own /etc/hosts (``/etc/netns/<name>/hosts``, which ``ip netns exec``
mounts) names some of them, so names go through the production resolver.

The fetcher runs ``pipeline.fetch_stage`` (fetch and extraction) with default
settings in a child process inside the lan namespace, and receives every trick
as a search result, behind each redirect status and behind redirect chains.
Pass: no canary saw a connection, no canary text is in the result, and the
hostile site's own pages did come through (so the test cannot pass by fetching
nothing). Traffic stays inside the two namespaces; the host's network is never
touched. The module doubles as the servers and the fetch child
(``python -m tests.worker.web.test_hostile_site ROLE``).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
HOSTILE = "1.2.3.4"
LAN_SIDE = "1.2.3.1"
CANARY_V4 = ("127.0.0.1", "169.254.169.254", "10.0.0.5", "100.64.0.5")
CANARY_V6 = ("::1", "fd00::5", "fec0::5")
PORTS = (80, 8081)
HOSTS_FILE = f"""127.0.0.1 localhost loop.test
::1 localhost v6loop.test
169.254.169.254 meta.test
10.0.0.5 lan.test
100.64.0.5 cgn.test
fd00::5 ula.test
fec0::5 site.test
{HOSTILE} hostile.test mixed.test
127.0.0.1 mixed.test
"""
STATUSES = (301, 302, 303, 307, 308)


# -------------------------------------------------------------------- the tricks
def canary_spellings() -> list[str]:
    """Hosts (with port where given) that all lead to a canary if a check is missing."""
    literal = [*CANARY_V4, *(f"[{a}]" for a in CANARY_V6)]
    unicode = [
        "１２７.０.０.１",
        "127。0。0。1",
        "１２７．０．０．１",
        "１６９.２５４.１６９.２５４",
        "１０.0.0.5",
        "１００.６４.０.５",
        "ｌｏｃａｌｈｏｓｔ",
    ]
    numeric = [
        "2130706433",  # 127.0.0.1 in decimal
        "0177.0.0.1",  # octal
        "0x7f.0.0.1",
        "0x7f.1",
        "0x7f000001",
        "127.1",  # shortened
        "127.0.1",
        "0",
        "167772165",  # 10.0.0.5
        "012.0.0.5",
        "0xa9.0xfe.0xa9.0xfe",  # 169.254.169.254
        "2852039166",
        "127.0.0.1.",
    ]
    mapped = [
        "[::ffff:127.0.0.1]",
        "[::ffff:7f00:1]",
        "[::ffff:a00:5]",
        "[::ffff:169.254.169.254]",
        "[::127.0.0.1]",
        "[0:0:0:0:0:ffff:127.0.0.1]",
        "[::ffff:0:7f00:1]",
        "[64:ff9b::a00:5]",
        "[2002:7f00:1::]",
        "[fe80::1%25lo]",
        "[::]",
        "0.0.0.0",
    ]
    names = ["localhost", "loop.test", "v6loop.test", "meta.test", "lan.test", "cgn.test", "ula.test", "site.test"]
    hosts = [*literal, *unicode, *numeric, *mapped, *names]
    return [f"{h}:{p}" if p != 80 else h for h in hosts for p in PORTS]


def canary_urls() -> list[str]:
    urls = [f"http://{h}/latest/meta-data/" for h in canary_spellings()]
    urls += [f"https://{h}/" for h in ("127.0.0.1:8081", "１２７.０.０.１:8081", "loop.test:8081")]
    urls += [f"//{h}/" for h in ("127.0.0.1:8081", "[::1]:8081")]  # scheme-relative Location
    return urls


def userinfo_urls() -> list[str]:
    """Parser-confusion spellings: where they land is the parser's choice, never a canary."""
    return [
        f"http://{HOSTILE}@127.0.0.1:8081/",
        f"http://127.0.0.1:8081#@{HOSTILE}/",
        f"http://{HOSTILE}\\@127.0.0.1:8081/",
        f"http://127.0.0.1:8081?@{HOSTILE}/",
        "http://mixed.test/ok",  # answers both the hostile site and 127.0.0.1
    ]


def hostile(path: str) -> str:
    return f"http://{HOSTILE}{path}"


def build_cases() -> list[tuple[str, bool]]:
    """(URL given to the fetcher, must it be refused); bounded: a few hundred."""
    from yarl import URL

    cases: list[tuple[str, bool]] = []
    for target in canary_urls():
        if not target.startswith("//"):
            cases.append((target, True))  # straight from a search result
        for status in STATUSES:  # behind one redirect of each kind
            cases.append((str(URL(hostile(f"/r/{status}")).with_query(to=target)), True))
        cases.append((str(URL(hostile("/chain/3")).with_query(to=target)), True))  # behind a chain
    for target in userinfo_urls():
        cases.append((target, False))
        cases.append((str(URL(hostile("/r/302")).with_query(to=target)), False))
    return cases


def sanity_urls() -> list[str]:
    """Pages of the hostile site that must come back: the fetcher did work."""
    from yarl import URL

    ok = [hostile("/ok"), "http://hostile.test/ok"]
    ok += [str(URL(hostile(f"/r/{s}")).with_query(to=hostile(f"/ok?via={s}"))) for s in STATUSES]
    ok.append(str(URL(hostile("/chain/3")).with_query(to=hostile("/ok?via=chain"))))
    return ok


# -------------------------------------------------------------------- namespaces
class Net:
    """Two namespaces and a veth pair; ``close()`` removes all of it (and our processes in it)."""

    def __init__(self) -> None:
        tag = uuid.uuid4().hex[:6]
        self.lan, self.inet = f"drh-{tag}-lan", f"drh-{tag}-inet"
        self.etc = Path("/etc/netns") / self.lan
        self.created_etc_netns = not Path("/etc/netns").exists()
        self.procs: list[subprocess.Popen] = []

    def up(self) -> None:
        run = _ip
        run("netns", "add", self.lan)
        run("netns", "add", self.inet)
        run("-n", self.lan, "link", "add", "veth-l", "type", "veth", "peer", "name", "veth-i", "netns", self.inet)
        for ns, dev, addr in ((self.lan, "veth-l", LAN_SIDE), (self.inet, "veth-i", HOSTILE)):
            run("-n", ns, "link", "set", "lo", "up")
            run("-n", ns, "addr", "add", f"{addr}/24", "dev", dev)
            run("-n", ns, "link", "set", dev, "up")
        for addr in CANARY_V4[1:]:
            run("-n", self.lan, "addr", "add", f"{addr}/32", "dev", "lo")
        for addr in CANARY_V6[1:]:
            run("-n", self.lan, "addr", "add", f"{addr}/128", "dev", "lo", "nodad")
        self.etc.mkdir(parents=True)
        (self.etc / "hosts").write_text(HOSTS_FILE)

    def spawn(self, ns: str, role: str, *args: str, **kwargs) -> subprocess.Popen:
        proc = subprocess.Popen(
            ["ip", "netns", "exec", ns, sys.executable, "-m", "tests.worker.web.test_hostile_site", role, *args],
            cwd=REPO,
            env=_child_env(),
            **kwargs,
        )
        self.procs.append(proc)
        return proc

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait(10)
            for stream in (proc.stdin, proc.stdout, proc.stderr):
                if stream is not None:
                    stream.close()
        for ns in (self.lan, self.inet):
            pids = subprocess.run(["ip", "netns", "pids", ns], capture_output=True, text=True).stdout.split()
            for pid in pids:  # only processes started by this test live in these namespaces
                with contextlib.suppress(ProcessLookupError, ValueError):
                    os.kill(int(pid), 9)
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        shutil.rmtree(self.etc, ignore_errors=True)
        if self.created_etc_netns:
            with contextlib.suppress(OSError):
                Path("/etc/netns").rmdir()


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=20)


def _child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_") and "proxy" not in k.lower()}
    env["PYTHONPATH"] = str(REPO)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _namespaces_or_skip() -> None:
    probe = f"drh-probe-{uuid.uuid4().hex[:6]}"
    why = None
    if shutil.which("ip") is None:
        why = "the ip command (iproute2) is not installed"
    else:
        made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
        if made.returncode != 0:
            why = f"cannot create a network namespace here ({made.stderr.strip() or 'not root?'})"
        else:
            subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the hostile-site test must run on CI: {why}")
        pytest.skip(f"{why}; CI runs this test as root")


@pytest.fixture
def net(tmp_path):
    _namespaces_or_skip()
    n = Net()
    try:
        n.up()
        yield n
    finally:
        n.close()


def _wait_ready(proc: subprocess.Popen, what: str) -> None:
    line = proc.stdout.readline()
    if line.strip() != b"ready":
        raise RuntimeError(f"{what} did not start: {line!r} {proc.stderr.read().decode()[-2000:]}")


# -------------------------------------------------------------------- the test
@pytest.mark.netns
@pytest.mark.timeout(300)
def test_hostile_site_reaches_no_canary(net, tmp_path):
    canary_log, hostile_log = tmp_path / "canary.log", tmp_path / "hostile.log"
    canary = net.spawn(net.lan, "canary", str(canary_log), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    site = net.spawn(net.inet, "hostile", str(hostile_log), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _wait_ready(canary, "the canary servers")
    _wait_ready(site, "the hostile site")

    cases = build_cases()
    sane = sanity_urls()
    fetch = net.spawn(net.lan, "fetch", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = fetch.communicate(json.dumps([u for u, _ in cases] + sane).encode(), timeout=240)
    assert fetch.returncode == 0, err.decode()[-3000:]
    result = json.loads(out)

    connections = canary_log.read_text().splitlines() if canary_log.exists() else []
    assert connections == [], f"canaries were contacted: {connections[:20]}"
    dump = json.dumps(result, ensure_ascii=False)
    assert "CANARY" not in dump, "canary text reached the result"

    failed = {f["url"]: f["reason"] for f in result["failures"]}
    fetched = {d["url"] for d in result["documents"]}
    for url, must_block in cases:
        if must_block:
            assert failed.get(url, "").startswith(("blocked-address", "invalid-url")), (url, failed.get(url))
    # the hostile site's own pages came through, directly, by name and behind every redirect kind
    assert [u for u in sane if u in failed] == []
    assert {hostile("/ok"), *(hostile(f"/ok?via={s}") for s in (*STATUSES, "chain"))} <= fetched
    assert sum(1 for d in result["documents"] if "HOSTILE-OK" in d["text"]) >= len(sane)
    assert hostile_log.read_text().count("/ok") >= len(sane)

    # the canaries were live all along: each address and port logs a probe
    probe = net.spawn(net.lan, "probe", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    probe.communicate(timeout=60)
    logged = {tuple(line.split()[:2]) for line in canary_log.read_text().splitlines()}
    expected = {(a, str(p)) for a in (*CANARY_V4, *CANARY_V6) for p in PORTS}
    assert expected <= logged, f"canaries not listening: {sorted(expected - logged)}"


def test_the_tricks_are_bounded_and_cover_every_redirect_status():
    cases = build_cases()
    assert 300 < len(cases) < 1500
    for status in STATUSES:
        assert any(f"/r/{status}?" in url for url, _ in cases)
    assert any("%EF%BC%91" in url for url, _ in cases)  # full-width digits, percent-encoded in ?to=


# -------------------------------------------------------------------- roles (child processes)
def _canary(log_path: str) -> None:
    """Catch-all on ports 80 and 8081 of every lan address: log each connection, answer canary text."""
    import asyncio

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        local = writer.get_extra_info("sockname")[0]
        port = writer.get_extra_info("sockname")[1]
        local = local[7:] if local.startswith("::ffff:") else local
        with open(log_path, "a") as log:
            log.write(f"{local} {port} from {writer.get_extra_info('peername')[0]}\n")
        with contextlib.suppress(TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 2)
        body = f"<html><body><p>CANARY-{local} internal secret. " * 20 + "</p></body></html>"
        writer.write(
            f"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {len(body)}\r\n"
            f"Connection: close\r\n\r\n{body}".encode()
        )
        await writer.drain()
        writer.close()

    async def main() -> None:
        servers = [await asyncio.start_server(handle, host=None, port=port) for port in PORTS]
        print("ready", flush=True)
        await asyncio.gather(*(s.serve_forever() for s in servers))

    asyncio.run(main())


def _hostile(log_path: str) -> None:
    from aiohttp import web
    from yarl import URL

    async def log(request: web.Request, handler):
        with open(log_path, "a") as f:
            f.write(f"{request.host} {request.path_qs}\n")
        return await handler(request)

    async def robots(request):
        return web.Response(text="User-agent: *\nAllow: /\n")

    async def ok(request):
        text = "HOSTILE-OK. This public page has ordinary text about tidal lagoons and their walls. " * 8
        return web.Response(
            text=f"<html><head><title>ok</title></head><body><p>{text}</p></body></html>", content_type="text/html"
        )

    async def redirect(request):
        return web.Response(status=int(request.match_info["status"]), headers={"Location": request.query["to"]})

    async def chain(request):
        n = int(request.match_info["n"])
        to = request.query["to"]
        if n <= 0:
            return web.Response(status=307, headers={"Location": to})
        nxt = URL(f"/chain/{n - 1}").with_query(to=to)
        return web.Response(status=STATUSES[n % len(STATUSES)], headers={"Location": str(nxt)})

    app = web.Application(middlewares=[web.middleware(log)])
    app.router.add_get("/robots.txt", robots)
    app.router.add_get("/ok", ok)
    app.router.add_get("/r/{status}", redirect)
    app.router.add_get("/chain/{n}", chain)

    import asyncio

    async def main() -> None:
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, HOSTILE, 80).start()
        print("ready", flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


def _fetch() -> None:
    """The production fetch stage with default settings; URLs on stdin, JSON out."""
    import asyncio

    from deepref.search.models import SearchHit
    from deepref.worker.pipeline import stages as pipeline
    from deepref.worker.settings import Settings
    from deepref.worker.web.extract_runner import ExtractRunner
    from deepref.worker.web.fetch import FetchConfig, Fetcher

    urls = json.loads(sys.stdin.read())

    async def main() -> dict:
        settings = Settings()
        assert not settings.fetch_allow_private and not settings.fetch_allow
        fetcher = Fetcher(FetchConfig.from_settings(settings))  # no host rate limiter: hundreds of URLs, one host
        extractor = ExtractRunner.from_settings(settings)
        try:
            res = pipeline.Resources(settings=settings, fetcher=fetcher, extractor=extractor)
            hits = [SearchHit.of_url(u, rank) for rank, u in enumerate(urls, 1)]
            return (await pipeline.fetch_stage(hits, res)).artifact()
        finally:
            await fetcher.close()
            extractor.close()

    json.dump(asyncio.run(main()), sys.stdout)


def _probe() -> None:
    """Connect to each canary directly (not through deepref) to prove it was listening."""
    import socket

    for addr in (*CANARY_V4, *CANARY_V6):
        for port in PORTS:
            family = socket.AF_INET6 if ":" in addr else socket.AF_INET
            with socket.socket(family, socket.SOCK_STREAM) as s:
                s.settimeout(3)
                s.connect((addr, port))
                s.sendall(b"GET / HTTP/1.1\r\nHost: probe\r\n\r\n")
                s.recv(100)


if __name__ == "__main__":
    role = sys.argv[1]
    {"canary": _canary, "hostile": _hostile, "fetch": _fetch, "probe": _probe}[role](*sys.argv[2:])
