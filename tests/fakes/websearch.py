"""Fake commercial web search APIs: Tavily (``POST /search``, Bearer key), Brave
(``GET /res/v1/web/search``, ``X-Subscription-Token``) and Exa (``POST /search``, ``x-api-key``).

Each answers 401 to a wrong key, as the services do. ``rows`` are (url, title, text).
"""

from __future__ import annotations

from aiohttp import web

from tests.fakes.apis import FakeApi

KEY = "test-key-0123456789"


class FakeTavily(FakeApi):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, str, str]] = []
        self.bodies: list[dict] = []
        self.app.router.add_post("/search", self.search)

    async def search(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request)) is not None:
            return bad
        if request.headers.get("Authorization") != f"Bearer {KEY}":
            return web.json_response({"detail": {"error": "Unauthorized"}}, status=401)
        body = await request.json()
        self.bodies.append(body)
        rows = self.rows[: int(body.get("max_results", 5))]
        results = [{"title": t, "url": u, "content": c, "score": 0.9} for u, t, c in rows]
        return web.json_response({"query": body["query"], "results": results, "response_time": 0.1})


class FakeBrave(FakeApi):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, str, str]] = []
        self.app.router.add_get("/res/v1/web/search", self.search)

    async def search(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request)) is not None:
            return bad
        if request.headers.get("X-Subscription-Token") != KEY:
            return web.json_response({"type": "ErrorResponse", "error": {"status": 401}}, status=401)
        count, page = int(request.query.get("count", 20)), int(request.query.get("offset", 0))
        rows = self.rows[page * count : (page + 1) * count]
        results = [{"title": t, "url": u, "description": f"<strong>{c}</strong>"} for u, t, c in rows]
        more = (page + 1) * count < len(self.rows)
        return web.json_response(
            {"type": "search", "query": {"more_results_available": more}, "web": {"results": results}}
        )


class FakeExa(FakeApi):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, str, str]] = []
        self.app.router.add_post("/search", self.search)

    async def search(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request)) is not None:
            return bad
        if request.headers.get("x-api-key") != KEY:
            return web.json_response({"error": "Invalid API key"}, status=401)
        body = await request.json()
        rows = self.rows[: int(body.get("numResults", 10))]
        results = [
            {"id": u, "url": u, "title": t, "text": c, "publishedDate": "2023-04-01T00:00:00.000Z", "author": None}
            for u, t, c in rows
        ]
        return web.json_response({"requestId": "r1", "results": results})
