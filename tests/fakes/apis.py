"""What every fake search API shares: a script of bad answers, and a record of requests.

``script`` is a queue of what the next requests get instead of a good answer:
``(429, seconds)`` answers 429 with ``Retry-After: seconds`` (None: without it),
``(503, None)`` a server error, ``("malformed", None)`` a body that does not parse,
``("hang", seconds)`` an answer that comes too late, ``(401, None)`` a refused key,
``(200, None)`` the good answer (to script a failure after it), ``("deep", n)`` a JSON
array nested ``n`` deep, ``("huge", n)`` a body of ``n`` bytes sent in chunks as it is
written (never held whole), ``("undecodable", None)`` bytes that are not the UTF-8 it claims.
``raw`` serves a recorded answer (a file of tests/fixtures/scholarly) as it is, for a path.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from aiohttp import web


@dataclass
class FakeWork:
    """A work, written by each fake in its provider's format; every field but the title may be missing."""

    title: str
    doi: str | None = None
    arxiv: str | None = None
    pmid: str | None = None
    pmc: str | None = None
    authors: list[tuple[str, str]] = field(default_factory=list)  # (given, family)
    year: int | None = None
    venue: str | None = None
    abstract: str | None = None
    pdf: str | None = None  # an open-access full text
    landing: str | None = None
    kind: str = "journal"  # journal | preprint | conference


class FakeApi:
    def __init__(self) -> None:
        self.works: list[FakeWork] = []
        self.script: list[tuple[object, float | None]] = []
        self.requests: list[web.Request] = []
        self.params: list[dict[str, str]] = []
        # path -> (body, content type): a recorded answer served as it is (tests/fixtures/scholarly)
        self.raw: dict[str, tuple[bytes, str]] = {}
        self.app = web.Application()

    async def scripted(self, request: web.Request, malformed: str = "{not json") -> web.StreamResponse | None:
        """Record the request; the scripted bad answer for it, if any."""
        self.requests.append(request)
        self.params.append(dict(request.query))
        if not self.script:
            if request.path in self.raw:
                body, content_type = self.raw[request.path]
                return web.Response(body=body, content_type=content_type, charset="utf-8")
            return None
        what, value = self.script.pop(0)
        if what == 200:
            return None
        if what == 429:
            headers = {"Retry-After": str(value)} if value is not None else {}
            return web.Response(status=429, text="Too Many Requests", headers=headers)
        if what == "malformed":
            return web.Response(text=malformed, content_type="application/json")
        if what == "deep":
            depth = int(value or 0)
            return web.Response(text="[" * depth + "]" * depth, content_type="application/json")
        if what == "huge":
            resp = web.StreamResponse(headers={"Content-Type": "application/json"})
            resp.enable_chunked_encoding()
            await resp.prepare(request)
            block, left = b" " * 65536, int(value or 0)
            try:
                while left > 0:
                    await resp.write(block[: min(left, len(block))])
                    left -= len(block)
            except (ConnectionError, RuntimeError):  # the client hung up at its cap
                pass
            return resp
        if what == "undecodable":
            return web.Response(body=b'{"results": ["\xff\xfe"]}', content_type="application/json", charset="utf-8")
        if what == "hang":
            await asyncio.sleep(float(value or 5))
            return web.Response(text="late")
        return web.Response(status=int(what), text="scripted")  # type: ignore[call-overload]

    def window(self, offset: int, size: int) -> list[FakeWork]:
        return self.works[offset : offset + size]
