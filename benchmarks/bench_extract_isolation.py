"""Where page extraction runs: on the event loop, in a thread, or in a child process.

Why worker/web/extract_runner.py uses child processes (issue 9, item 12). For a page
built to be slow to parse (tiny tables, which trafilatura handles in superlinear
time) it measures the event loop's longest stall while the page is extracted,
whether a time cap returns on time, and how long the work keeps burning CPU after
the cap. For an ordinary page it measures what the child process costs per page
against extracting in-process (the baseline of the same run), and its start-up.

    python -m benchmarks extract_isolation [--tables 1500] [--repeat 10] [--cap 1.0]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import threading
import time
from pathlib import Path

from deepref.worker.errors import ExtractError
from deepref.worker.web.extract import extract
from deepref.worker.web.extract_runner import ExtractRunner, _Child
from deepref.worker.web.fetch import FetchedPage

ARTICLE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "site" / "article.html"


def slow_page(tables: int) -> FetchedPage:
    body = ("<html><body>" + "<table><tr><td>x y z</td><td>a</td></tr></table>" * tables + "</body></html>").encode()
    return FetchedPage("http://slow.test/", "http://slow.test/", 200, "text/html", body, "utf-8")


def article() -> FetchedPage:
    return FetchedPage("http://a.test/", "http://a.test/", 200, "text/html", ARTICLE.read_bytes(), "utf-8")


async def _with_lag_probe(work) -> tuple[float, float, object]:
    """(longest event-loop stall in s, wall time in s, outcome) while ``work()`` runs."""
    lag, stop = 0.0, False

    async def probe():
        nonlocal lag
        while not stop:
            before = time.perf_counter()
            await asyncio.sleep(0.005)
            lag = max(lag, time.perf_counter() - before - 0.005)

    task = asyncio.create_task(probe())
    await asyncio.sleep(0.02)
    started = time.perf_counter()
    try:
        outcome = await work()
    except (ExtractError, TimeoutError) as exc:
        outcome = type(exc).__name__
    wall = time.perf_counter() - started
    stop = True
    await task
    return lag, wall, outcome


async def slow_page_modes(page: FetchedPage, cap: float) -> list[tuple[str, float, float, float]]:
    rows = []

    async def in_loop():
        return extract(page, doc_id="")

    lag, wall, _ = await _with_lag_probe(in_loop)
    rows.append(("on the event loop (today)", lag, wall, 0.0))

    done = threading.Event()

    def in_thread():
        try:
            return extract(page, doc_id="")
        finally:
            done.set()

    async def thread_capped():
        return await asyncio.wait_for(asyncio.to_thread(in_thread), cap)

    lag, wall, _ = await _with_lag_probe(thread_capped)
    cap_hit = time.perf_counter()
    await asyncio.to_thread(done.wait)  # the thread cannot be stopped: it runs to the end
    rows.append(("thread + wait_for cap", lag, wall, time.perf_counter() - cap_hit))

    runner = ExtractRunner(workers=1, timeout=cap)
    try:
        await runner.extract(article())  # started and warm, as in a worker
        lag, wall, _ = await _with_lag_probe(lambda: runner.extract(page))
        rows.append(("child process + kill at cap", lag, wall, 0.0))
    finally:
        runner.close()
    return rows


async def per_page_cost(repeat: int) -> tuple[float, float]:
    page = article()
    inproc = []
    for _ in range(repeat):
        started = time.perf_counter()
        extract(page, doc_id="")
        inproc.append(time.perf_counter() - started)
    runner = ExtractRunner(workers=1, timeout=60)
    try:
        await runner.extract(page)
        child = []
        for _ in range(repeat):
            started = time.perf_counter()
            await runner.extract(page)
            child.append(time.perf_counter() - started)
    finally:
        runner.close()
    return statistics.median(inproc), statistics.median(child)


def start_up(repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        _Child(20.0).close()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks extract_isolation")
    parser.add_argument("--tables", type=int, default=1500, help="tiny tables in the slow page")
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--cap", type=float, default=1.0, help="per-page time cap (s)")
    args = parser.parse_args(argv)

    page = slow_page(args.tables)
    print(f"slow page: {len(page.body) / 1000:.0f} KB, {args.tables} tables; cap {args.cap:g} s")
    print(f"{'where':30} {'longest loop stall':>19} {'returned after':>15} {'kept running after':>20}")
    for name, lag, wall, after in asyncio.run(slow_page_modes(page, args.cap)):
        print(f"{name:30} {lag:18.2f}s {wall:14.2f}s {after:19.2f}s")
    inproc, child = asyncio.run(per_page_cost(args.repeat))
    print(
        f"ordinary page ({ARTICLE.name}, {ARTICLE.stat().st_size / 1000:.0f} KB), median of {args.repeat}: "
        f"in-process {inproc * 1000:.1f} ms, child process {child * 1000:.1f} ms (x{child / inproc:.2f})"
    )
    print(f"child start-up (imports trafilatura, pypdf), median of 3: {start_up():.2f} s")
    return 0
