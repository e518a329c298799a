"""Fetch throughput: 200 pages from a local server that answers each in 100 ms.

Wall time against the concurrency bound (ideal = pages × 0.1 s / concurrency),
and the shared-session fetcher against a naive baseline (a new session per page)
at the same concurrency, in the same run.

    python -m benchmarks fetch
"""

from __future__ import annotations

import asyncio
import sys
import time

import aiohttp
from aiohttp import web

from deepref.worker.web.fetch import FetchConfig, Fetcher

PAGES = 200
DELAY = 0.1
BODY = "<html><body><article><p>" + "A paragraph of a benchmark page. " * 60 + "</p></article></body></html>"


async def page(request: web.Request) -> web.Response:
    await asyncio.sleep(DELAY)
    return web.Response(text=BODY, content_type="text/html")


async def naive(urls: list[str], concurrency: int) -> int:
    semaphore = asyncio.Semaphore(concurrency)

    async def one(url: str) -> int:
        async with semaphore, aiohttp.ClientSession() as session, session.get(url) as resp:
            return len(await resp.read())

    return sum(await asyncio.gather(*(one(u) for u in urls)))


async def run() -> None:
    app = web.Application()
    app.router.add_get("/p/{n}", page)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    urls = [f"http://127.0.0.1:{port}/p/{i}" for i in range(PAGES)]
    print(f"{PAGES} pages, {DELAY * 1000:.0f} ms each")
    print(f"{'concurrency':>11} {'ideal':>7} {'deepref':>8} {'ratio':>6} {'naive':>7} {'naive/deepref':>14}")
    for concurrency in (4, 16, 64):
        ideal = PAGES * DELAY / concurrency
        fetcher = Fetcher(
            FetchConfig(concurrency=concurrency, allow=("loopback",), respect_robots=False, total_timeout=120)
        )
        started = time.perf_counter()
        pages, failures = await fetcher.fetch_all(urls)
        ours = time.perf_counter() - started
        await fetcher.close()
        assert len(pages) == PAGES and not failures, failures[:3]
        started = time.perf_counter()
        await naive(urls, concurrency)
        base = time.perf_counter() - started
        print(f"{concurrency:>11} {ideal:>6.2f}s {ours:>7.2f}s {ours / ideal:>6.2f} {base:>6.2f}s {base / ours:>14.2f}")
    await runner.cleanup()


def main(argv: list[str]) -> int:
    asyncio.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
