from __future__ import annotations

import asyncio

import pytest

from deepref.worker.errors import ExtractError
from deepref.worker.web.extract_runner import ExtractRunner
from deepref.worker.web.fetch import FetchConfig, FetchedPage, Fetcher


@pytest.fixture
async def fetcher():
    f = Fetcher(FetchConfig(allow=("loopback",), timeout=2, total_timeout=4, max_bytes=200_000))
    yield f
    await f.close()


async def test_pages_and_failures(fetcher, web_site):
    urls = [
        web_site.url(p)
        for p in (
            "/article",
            "/cp1252",
            "/doc.pdf",
            "/missing",
            "/binary",
            "/huge",
            "/private/secret",
            "/redirect-article",
        )
    ]
    pages, failures = await fetcher.fetch_all(urls)
    got = {p.url.rsplit("/", 1)[-1] for p in pages}
    assert got == {"article", "cp1252", "doc.pdf", "redirect-article"}
    reasons = {f.url.rsplit("/", 1)[-1]: f.reason for f in failures}
    assert reasons == {"missing": "http-404", "binary": "unsupported-type", "huge": "too-large", "secret": "robots"}
    assert web_site.site.hits["/private/secret"] == 0
    redirected = next(p for p in pages if p.url.endswith("redirect-article"))
    assert redirected.final_url.endswith("/article")


async def test_never_finishing_page_times_out_without_hanging(fetcher, web_site):
    pages, failures = await fetcher.fetch_all([web_site.url("/slow"), web_site.url("/article")])
    assert [p.url for p in pages] == [web_site.url("/article")]
    assert failures[0].reason == "timeout"


async def test_total_timeout_bounds_the_job(web_site):
    f = Fetcher(FetchConfig(allow=("loopback",), timeout=30, total_timeout=1))
    try:
        pages, failures = await f.fetch_all([web_site.url("/slow")])
        assert not pages and failures[0].reason == "timeout" and "budget" in failures[0].detail
    finally:
        await f.close()


async def test_redirect_cap(web_site):
    f = Fetcher(FetchConfig(allow=("loopback",), max_redirects=0, respect_robots=False))
    try:
        outcome = await f.fetch_one(web_site.url("/redirect-article"))
        assert outcome.reason == "too-many-redirects"
    finally:
        await f.close()


async def test_file_urls_only_inside_the_corpus(tmp_path):
    (tmp_path / "a.md").write_text("# A\n\nHello.")
    f = Fetcher(FetchConfig(corpus_dir=tmp_path))
    try:
        page = await f.fetch_one((tmp_path / "a.md").as_uri())
        assert page.body.startswith(b"# A")
        outside = await f.fetch_one((tmp_path / ".." / "x.md").resolve().as_uri())
        assert outside.reason == "outside-corpus"
    finally:
        await f.close()


async def test_user_agent_is_sent(web_site):
    from aiohttp import web

    seen = {}

    async def ua(request):
        seen["ua"] = request.headers.get("User-Agent")
        return web.Response(text="<p>hi</p>", content_type="text/html")

    from tests.fakes.server import ServerThread

    app = web.Application()
    app.router.add_get("/ua", ua)
    server = ServerThread(app).start()
    f = Fetcher(FetchConfig(allow=("loopback",), user_agent="deepref-test/1", respect_robots=False))
    try:
        await f.fetch_one(server.base_url + "/ua")
        assert seen["ua"] == "deepref-test/1"
    finally:
        await f.close()
        server.stop()


# -- robots.txt cache (issue 9, item 13) --------------------------------------------------
def test_robots_cache_is_bounded_and_expires(monkeypatch):
    from urllib.robotparser import RobotFileParser

    from deepref.worker.web import fetch

    now = [1000.0]
    monkeypatch.setattr(fetch.time, "monotonic", lambda: now[0])
    cache = fetch.RobotsCache(size=3, ttl=60)
    parsers = {f"http://s{i}.test": RobotFileParser() for i in range(5)}
    for origin, parser in parsers.items():
        cache.put(origin, parser)
    assert len(cache) == 3
    assert cache.get("http://s0.test") == (False, None)  # least recently used went first
    assert cache.get("http://s4.test") == (True, parsers["http://s4.test"])
    cache.get("http://s2.test")  # used: now s3 is the oldest
    cache.put("http://s5.test", None)
    assert cache.get("http://s3.test")[0] is False and cache.get("http://s2.test")[0] is True
    assert cache.get("http://s5.test") == (True, None)  # "no robots.txt" is cached too
    now[0] += 61
    assert cache.get("http://s4.test") == (False, None) and len(cache) == 2


async def test_robots_txt_is_read_again_after_its_ttl(web_site):
    f = Fetcher(FetchConfig(allow=("loopback",), robots_cache_ttl=0.2, robots_cache_size=2))
    try:
        await f.fetch_one(web_site.url("/article"))
        await f.fetch_one(web_site.url("/cp1252"))
        assert web_site.site.hits["/robots.txt"] == 1
        await asyncio.sleep(0.3)
        await f.fetch_one(web_site.url("/article"))
        assert web_site.site.hits["/robots.txt"] == 2
    finally:
        await f.close()


# -- extraction off the event loop (issue 9, item 12) -------------------------------------
def slow_pdf() -> bytes:
    """A 45 KB PDF of nested forms whose text takes about 20 s to read here (pdfium,
    1 s a page): over ten times the tests' 1.5 s cap, however fast the reader or the
    machine. A long plain PDF is not enough: pypdfium2 reads 150,000 lines in under 1 s."""
    from tests.fakes.site import make_nested_pdf

    return make_nested_pdf()


def slow_html(tables: int = 5000) -> bytes:
    """240 KB that trafilatura needs about 45 s for (thousands of tiny tables;
    measured in docs/pipeline.md)."""
    return ("<html><body>" + "<table><tr><td>x y z</td><td>a</td></tr></table>" * tables + "</body></html>").encode()


def page(body: bytes, content_type: str = "text/html", url: str = "http://site.test/p") -> FetchedPage:
    return FetchedPage(url, url, 200, content_type, body, "utf-8")


async def test_extraction_runs_in_a_child_and_returns_the_document(web_site):
    f, runner = Fetcher(FetchConfig(allow=("loopback",))), ExtractRunner(timeout=60)
    try:
        fetched = await f.fetch_one(web_site.url("/article"))
        doc = await runner.extract(fetched, doc_id="7")
        assert doc.id == "7" and doc.url == fetched.final_url and len(doc.text) > 200
        with pytest.raises(ExtractError) as caught:
            await runner.extract(page(b"<html><body></body></html>"))
        assert caught.value.reason == "no-text"  # the child's ExtractError comes back as one
    finally:
        await f.close()
        runner.close()


@pytest.mark.parametrize("kind", ["html", "pdf"])
async def test_slow_page_is_capped_and_never_stalls_the_loop(kind, web_site):
    slow = page(slow_html()) if kind == "html" else page(slow_pdf(), "application/pdf", "http://site.test/a.pdf")
    f = Fetcher(FetchConfig(allow=("loopback",), timeout=5))
    runner = ExtractRunner(timeout=1.5, workers=1)
    ticks = 0

    async def ticker():
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    tick = asyncio.create_task(ticker())
    try:
        extraction = asyncio.create_task(runner.extract(slow))
        await asyncio.sleep(0.2)
        pages, _ = await f.fetch_all([web_site.url("/article")])
        fetched_meanwhile = not extraction.done()
        with pytest.raises(ExtractError) as caught:
            await extraction
        assert caught.value.reason == "timeout" and "DEEPREF_EXTRACT_TIMEOUT" in str(caught.value)
        assert fetched_meanwhile and len(pages) == 1  # another fetch finished while the page was parsed
        assert ticks > 20  # the loop kept turning during the whole parse
        # the overrunning child was killed; the next page gets a fresh one
        doc = await runner.extract(pages[0])
        assert "lagoon" in doc.text.lower() or len(doc.text) > 200
    finally:
        tick.cancel()
        await f.close()
        runner.close()


def test_extraction_processes_are_gone_after_close():
    async def run():
        runner = ExtractRunner(workers=2)
        await runner.extract(page(b"<html><body><p>" + b"Some words here. " * 40 + b"</p></body></html>"))
        procs = runner.processes()
        runner.close()
        return procs

    procs = asyncio.run(run())
    assert len(procs) == 1 and all(p.poll() is not None for p in procs)


async def test_a_child_that_dies_on_a_page_is_reported_and_replaced():
    import signal

    f = ExtractRunner(timeout=60, workers=1)
    try:
        extraction = asyncio.create_task(f.extract(page(slow_html())))
        while not f.processes():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        (child,) = f.processes()
        child.send_signal(signal.SIGKILL)  # as a crash in lxml's C code or the kernel's OOM killer would
        with pytest.raises(ExtractError) as caught:
            await extraction
        assert caught.value.reason == "crashed" and "died" in str(caught.value)
        doc = await f.extract(page(b"<html><body><p>" + b"Plain words in a paragraph. " * 30 + b"</p></body></html>"))
        assert "Plain words" in doc.text
        assert [p.pid for p in f.processes()] != [child.pid]
    finally:
        f.close()


async def test_fetch_stage_reports_a_page_too_slow_to_extract_and_keeps_the_others():
    from aiohttp import web

    from deepref.worker.pipeline import stages as pipeline
    from tests.fakes.server import ServerThread

    words = "<p>" + "Tidal lagoons hold water behind a wall and release it through turbines. " * 8 + "</p>"
    bodies = {
        "/tables": (slow_html(), "text/html"),
        "/a.pdf": (slow_pdf(), "application/pdf"),
        "/ok": (f"<html><body>{words}</body></html>".encode(), "text/html"),
    }

    async def serve(request):
        body, kind = bodies[request.path]
        return web.Response(body=body, content_type=kind)

    app = web.Application()
    for path in bodies:
        app.router.add_get(path, serve)
    server = ServerThread(app).start()
    f = Fetcher(FetchConfig(allow=("loopback",), respect_robots=False, timeout=10))
    runner = ExtractRunner(timeout=1.5)
    try:
        urls = [server.base_url + p for p in ("/tables", "/ok", "/a.pdf")]
        hits = {"hits": [{"url": u, "title": ""} for u in urls]}
        out = await pipeline.fetch_stage(hits, pipeline.Resources(settings=None, fetcher=f, extractor=runner))
        assert [d["url"] for d in out["documents"]] == [urls[1]]
        reasons = {x["url"]: (x["stage"], x["reason"].split(":")[0]) for x in out["failures"]}
        assert reasons == {urls[0]: ("extract", "timeout"), urls[2]: ("extract", "timeout")}
    finally:
        await f.close()
        runner.close()
        server.stop()


def test_a_fetcher_without_settings_has_the_settings_defaults():
    from deepref.worker.settings import Settings
    from deepref.worker.web.fetch import FetchConfig

    plain, configured = (
        FetchConfig(),
        FetchConfig.from_settings(Settings.model_construct()),
    )  # defaults, not this shell's env
    assert plain.user_agent == configured.user_agent
    assert (plain.timeout, plain.max_bytes, plain.max_redirects) == (
        configured.timeout,
        configured.max_bytes,
        configured.max_redirects,
    )
