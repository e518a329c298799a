from __future__ import annotations

import asyncio
import os

import pytest

from deepref.worker.web.extract_runner import ExtractRunner
from deepref.worker.web.fetch import FetchConfig, Fetcher


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


async def test_a_file_url_is_read_beneath_the_corpus_never_through_a_link_out(tmp_path):
    """The finding: ``_read_file`` resolved the path and then read it, so a hit's file
    swapped for a symlink (or its folder for one) after the search was read through it."""
    root, outside = tmp_path / "corpus", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.md").write_text("# Secret\n\nThe launch code is 0000.")
    (root / "a.md").symlink_to(outside / "secret.md")  # was a file when it was found
    (root / "sub" / "b.md").write_text("# B\n\nInside.")
    (root / "c.md").symlink_to("sub/b.md")  # a link that stays inside is read as its target
    os.mkfifo(root / "d.md")
    f = Fetcher(FetchConfig(corpus_dir=root))
    try:
        for url in ((root / "a.md").as_uri(), f"file://{root}/sub/../../outside/secret.md"):
            failure = await f.fetch_one(url)
            assert failure.reason == "outside-corpus", (url, failure)
        assert (await f.fetch_one((root / "c.md").as_uri())).body == b"# B\n\nInside."
        fifo = await asyncio.wait_for(f.fetch_one((root / "d.md").as_uri()), 30)  # never waited on
        assert fifo.reason == "not-a-file" and "a FIFO" in fifo.detail
        (root / "sub").rename(tmp_path / "sub-was")
        (root / "sub").symlink_to(outside, target_is_directory=True)
        swapped = await f.fetch_one(f"file://{root}/sub/secret.md")
        assert swapped.reason == "outside-corpus" and "leads outside the folder" in swapped.detail
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
    f = Fetcher(FetchConfig(allow=("loopback",), robots_cache_ttl=60, robots_cache_size=2))
    try:
        await f.fetch_one(web_site.url("/article"))
        await f.fetch_one(web_site.url("/cp1252"))
        assert web_site.site.hits["/robots.txt"] == 1
        for origin, (expires, parser) in list(f.robots._entries.items()):  # 61 s later
            f.robots._entries[origin] = (expires - 61, parser)
        await f.fetch_one(web_site.url("/article"))
        assert web_site.site.hits["/robots.txt"] == 2
    finally:
        await f.close()


# -- a page over the extraction cap, in the fetch stage (the runner: test_extract_runner.py)
async def test_fetch_stage_reports_a_page_too_slow_to_extract_and_keeps_the_others(monkeypatch):
    from aiohttp import web

    from deepref.search.models import SearchHit
    from deepref.worker.pipeline import stages as pipeline
    from tests.fakes.server import ServerThread
    from tests.fakes.site import make_pdf
    from tests.worker.web.test_extract_runner import WORDS, html, stall_on

    bodies = {
        "/stuck": (html(), "text/html"),
        "/ok": (html(), "text/html"),
        "/stuck.pdf": (make_pdf([WORDS] * 20), "application/pdf"),
    }

    async def serve(request):
        body, kind = bodies[request.path]
        return web.Response(body=body, content_type=kind)

    app = web.Application()
    for path in bodies:
        app.router.add_get(path, serve)
    server = ServerThread(app).start()
    urls = [server.base_url + p for p in bodies]
    stopped = stall_on(monkeypatch, urls[0], urls[2])  # their extraction never ends: only the cap ends it
    f = Fetcher(FetchConfig(allow=("loopback",), respect_robots=False, timeout=10))
    runner = ExtractRunner(timeout=1.5)
    try:
        hits = [SearchHit.of_url(u, rank) for rank, u in enumerate(urls, 1)]
        out = await pipeline.fetch_stage(hits, pipeline.Resources(settings=None, fetcher=f, extractor=runner))
        assert [d.url for d in out.documents] == [urls[1]]
        reasons = {x.url: (x.stage, x.reason.split(":")[0]) for x in out.failures}
        assert reasons == {urls[0]: ("extract", "timeout"), urls[2]: ("extract", "timeout")}
        assert len(stopped) == 2
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
