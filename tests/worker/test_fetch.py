from __future__ import annotations

import pytest

from worker.fetch import FetchConfig, Fetcher


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
