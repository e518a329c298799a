"""End to end in headless Chromium: submit a job from the page, watch progress,
click a footnote and see the quote highlighted inside its source text."""

from __future__ import annotations

import os
import shutil

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture
def chromium():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (scripts/test.sh installs Debian's chromium)")
        pytest.skip("chromium is not installed: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
            ],
        )
        yield browser
        browser.close()


def test_submit_watch_click_footnote(
    chromium, worker_env, client_for, start_worker, searxng_server, web_site, openai_server, artifacts_dir
):
    from api.app import create_app
    from tests.fakes.server import ServerThread

    searxng_server.fake.default = [
        {"url": web_site.url(p), "title": p, "content": ""} for p in ("/article", "/chinese", "/slow")
    ]
    openai_server.fake.chat_delay = 1.5  # slow enough to watch the progress view
    client = client_for(worker_env)
    server = ServerThread(create_app(client.settings, client=client)).start()
    start_worker("browser")
    try:
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(server.base_url + "/")
        page.fill("#question", "When did the La Rance tidal power station open?")
        page.click("button[type=submit]")
        page.wait_for_url("**/jobs/*")
        page.wait_for_selector("#stages li.current", timeout=30_000)  # live progress from the event stream
        seen = page.inner_text("#stages")
        assert "fetching" in seen
        page.wait_for_selector("sup.fn a", timeout=90_000)
        link = page.locator("sup.fn a").first
        link.click()
        page.wait_for_selector("#panel:not([hidden]) mark")
        highlighted = page.inner_text("#panel-context mark")
        assert highlighted and highlighted in page.inner_text("#panel-context")
        assert page.inner_text("#panel-url").startswith(web_site.base_url)
        assert page.locator("#references li").count() >= 1
        page.screenshot(path=str(artifacts_dir / "viewer-job.png"), full_page=True)
    finally:
        server.stop()
