"""A SearxNG-compatible JSON search endpoint: ``/search?q=...&format=json``.

``results`` maps a query to result rows; ``default`` answers every other query.
``throttle`` makes the next N requests answer 429.
"""

from __future__ import annotations

from aiohttp import web


class FakeSearxNG:
    def __init__(self) -> None:
        self.results: dict[str, list[dict]] = {}
        self.default: list[dict] = []
        self.throttle = 0
        self.queries: list[str] = []
        self.app = web.Application()
        self.app.router.add_get("/search", self.search)

    async def search(self, request: web.Request) -> web.Response:
        query = request.query.get("q", "")
        self.queries.append(query)
        if request.query.get("format") != "json":
            return web.Response(status=403, text="format not allowed")
        if self.throttle > 0:
            self.throttle -= 1
            return web.Response(status=429, text="Too Many Requests")
        rows = self.results.get(query, self.default)
        return web.json_response({"query": query, "results": rows})
