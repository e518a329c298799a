"""worker/web/extract_runner.py: extraction in child processes, capped per page, off
the event loop; a child that overruns the cap or dies is killed and replaced.

A page that overruns the cap is one whose child is stopped (SIGSTOP) as it is handed
the page: its extraction never ends, on any machine, so only the cap can end it."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import time

import pytest

from deepref.worker.errors import ExtractError
from deepref.worker.web.extract_runner import ExtractRunner
from deepref.worker.web.fetch import FetchConfig, FetchedPage, Fetcher
from tests.fakes.site import make_pdf

WORDS = "Tidal lagoons hold water behind a wall and release it through turbines. "


def page(body: bytes, content_type: str = "text/html", url: str = "http://site.test/p") -> FetchedPage:
    return FetchedPage(url, url, 200, content_type, body, "utf-8")


def html(text: str = WORDS * 8) -> bytes:
    return f"<html><body><p>{text}</p></body></html>".encode()


def stall_on(monkeypatch, *urls: str) -> list[subprocess.Popen]:
    """Stop every extraction process as it is handed a page at one of ``urls``; the
    processes stopped, as they are. Such a page must stay under the pipe's buffer
    (64 KB), since a stopped child reads nothing."""
    from deepref.worker.web import extract_runner

    call = extract_runner._Child.call
    stopped: list[subprocess.Popen] = []

    def stalling(child, fetched, doc_id, timeout, limits):
        if fetched.final_url in urls:
            child.proc.send_signal(signal.SIGSTOP)
            stopped.append(child.proc)
        return call(child, fetched, doc_id, timeout, limits)

    monkeypatch.setattr(extract_runner._Child, "call", stalling)
    return stopped


async def until(predicate, timeout: float, what: str) -> None:
    """Turn the loop until ``predicate()``; fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"{what} not reached within {timeout} s"
        await asyncio.sleep(0.01)


def cpu_ticks(pid: int) -> int:
    """CPU time a process has used, in clock ticks (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


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
async def test_a_page_over_the_cap_is_cut_off_and_never_stalls_the_loop(kind, web_site, monkeypatch):
    if kind == "html":
        stuck = page(html(), url="http://site.test/stuck")
    else:
        stuck = page(make_pdf([WORDS] * 20), "application/pdf", "http://site.test/stuck.pdf")
    stopped = stall_on(monkeypatch, stuck.final_url)
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
        extraction = asyncio.create_task(runner.extract(stuck))
        await until(lambda: stopped, 60, "the page handed to a child")
        pages, _ = await f.fetch_all([web_site.url("/article")])
        fetched_meanwhile, ticks_then = not extraction.done(), ticks
        with pytest.raises(ExtractError) as caught:
            await extraction
        assert caught.value.reason == "timeout" and "DEEPREF_EXTRACT_TIMEOUT" in str(caught.value)
        assert fetched_meanwhile and len(pages) == 1  # another fetch finished while the page was parsed
        assert ticks > ticks_then  # and the loop still turned after it, until the cap
        # the overrunning child was killed; the next page gets a fresh one
        assert stopped[0].poll() == -signal.SIGKILL and runner.processes() == []
        doc = await runner.extract(pages[0])
        assert "la rance" in doc.text.lower()
        assert [p.pid for p in runner.processes()] != [stopped[0].pid]
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
    """The child is killed once it is busy with the page (its CPU time grows past what
    its start used): thousands of tiny tables, tens of seconds of trafilatura's work."""
    tables = b"<table><tr><td>x y z</td><td>a</td></tr></table>" * 5000
    f = ExtractRunner(timeout=60, workers=1)
    try:
        extraction = asyncio.create_task(f.extract(page(b"<html><body>" + tables + b"</body></html>")))
        await until(f.processes, 60, "an extraction process")
        (child,) = f.processes()
        started = cpu_ticks(child.pid)
        await until(lambda: cpu_ticks(child.pid) > started + 5, 30, "the child parsing the page")
        child.send_signal(signal.SIGKILL)  # as a crash in lxml's C code or the kernel's OOM killer would
        with pytest.raises(ExtractError) as caught:
            await extraction
        assert caught.value.reason == "crashed" and "died" in str(caught.value)
        doc = await f.extract(page(html("Plain words in a paragraph. " * 30)))
        assert "Plain words" in doc.text
        assert [p.pid for p in f.processes()] != [child.pid]
    finally:
        f.close()
