"""A fake MediaWiki Action API (``GET /w/api.php?action=query&list=search``) and its articles (``/wiki/Title``)."""

from __future__ import annotations

from aiohttp import web

from tests.fakes.apis import FakeApi


class FakeWikipedia(FakeApi):
    def __init__(self) -> None:
        super().__init__()
        self.articles: dict[str, str] = {}  # title -> text
        self.app.router.add_get("/w/api.php", self.api)
        self.app.router.add_get("/wiki/{title}", self.article)

    async def api(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request)) is not None:
            return bad
        q = request.query
        if q.get("action") != "query" or q.get("list") != "search" or q.get("format") != "json":
            return web.json_response({"error": {"code": "badvalue", "info": "unsupported"}})
        offset, limit = int(q.get("sroffset", 0)), int(q.get("srlimit", 10))
        titles = list(self.articles)[offset : offset + limit]
        body: dict = {
            "batchcomplete": True,
            "query": {
                "searchinfo": {"totalhits": len(self.articles)},
                "search": [
                    {"ns": 0, "title": t, "pageid": i, "snippet": f'<span class="searchmatch">{t}</span> &amp; more'}
                    for i, t in enumerate(titles)
                ],
            },
        }
        if offset + limit < len(self.articles):
            body["continue"] = {"sroffset": offset + limit, "continue": "-||"}
        return web.json_response(body)

    async def article(self, request: web.Request) -> web.Response:
        title = request.match_info["title"].replace("_", " ")
        text = self.articles.get(title)
        if text is None:
            return web.Response(status=404)
        html = (
            f"<html><head><title>{title}</title></head>"
            f"<body><article><h1>{title}</h1><p>{text}</p></article></body></html>"
        )
        return web.Response(text=html, content_type="text/html")
