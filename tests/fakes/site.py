"""A small web site on loopback with real-looking pages for fetch and pipeline tests.

Key sentences tests assert footnotes resolve to:
- /article: "The La Rance tidal power station in Brittany, France, opened in 1966 ..."
  and "The Sihwa Lake Tidal Power Station in South Korea, opened in 2011, ..."
- /chinese: "韩国始华湖潮汐发电站于二零一一年投入使用 ..."
- /arabic: "افتتحت محطة رانس لطاقة المد والجزر في فرنسا ..." (right to left)
- /cp1252: windows-1252 bytes, charset declared only in a <meta> tag ("café").
- /doc.pdf: a PDF (served as application/octet-stream) about tidal lagoons.
Hostile pages: /redirect-private (302 to 10.0.0.1, must be refused before any
connection), /slow (headers, then nothing), /huge (streams past any cap),
/private/* (disallowed by robots.txt), /missing (404), /binary.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from aiohttp import web

PAGES = Path(__file__).resolve().parent.parent / "fixtures" / "site"


def make_nested_pdf(pages: int = 20, fan: int = 300) -> bytes:
    """A small PDF (about 45 KB) that is slow to read on purpose: each page draws a form
    ``fan`` times that draws a text form ``fan`` times, so reading its text means
    ``fan``² text runs a page (pdfium: about 1 s a page at 300 on this machine)."""
    inner = "BT /F1 9 Tf 72 720 Td (tide tide tide tide) Tj ET"
    outer = " ".join(["/I Do"] * fan)
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "",  # the page tree, once the pages are numbered
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
        f"/Length {len(inner)} >>\nstream\n{inner}\nendstream",
        f"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /I 4 0 R >> >> "
        f"/Length {len(outer)} >>\nstream\n{outer}\nendstream",
    ]
    kids = []
    for p in range(pages):
        content = f"BT /F1 9 Tf 72 700 Td (tidal lagoon page {p}) Tj ET " + " ".join(["/O Do"] * fan)
        objects.append(f"<< /Length {len(content)} >>\nstream\n{content}\nendstream")
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {len(objects)} 0 R "
            "/Resources << /Font << /F1 3 0 R >> /XObject << /O 5 0 R >> >> >>"
        )
        kids.append(len(objects))
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"
    return _pdf_file(objects)


def make_pdf(lines: list[str]) -> bytes:
    """A minimal valid one-page PDF with the given text lines (Helvetica)."""
    text = (
        "BT /F1 12 Tf 72 720 Td 14 TL "
        + " ".join("(" + ln.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ") '" for ln in lines)
        + " ET"
    )
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(text)} >>\nstream\n{text}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return _pdf_file(objects)


def _pdf_file(objects: list[str]) -> bytes:
    """The objects (numbered from 1, the first the catalog) as a PDF file with its xref."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


PDF_LINES = [
    "Tidal lagoons enclose part of the coast with a wall.",
    "A proposed lagoon at Swansea Bay would have had a capacity of 320 megawatts.",
]


class Site:
    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.app = web.Application(middlewares=[self._count])
        r = self.app.router
        r.add_get("/article", self._file("article.html", "text/html; charset=utf-8"))
        r.add_get("/chinese", self._file("chinese.html", "text/html; charset=utf-8"))
        r.add_get("/arabic", self._file("arabic.html", "text/html; charset=utf-8"))
        r.add_get("/cp1252", self._file("cp1252.html", "text/html"))
        r.add_get("/robots.txt", self._file("robots.txt", "text/plain"))
        r.add_get("/private/secret", self._file("article.html", "text/html"))
        r.add_get("/redirect-private", self._redirect_private)
        r.add_get("/redirect-article", self._redirect_article)
        r.add_get("/slow", self._slow)
        r.add_get("/huge", self._huge)
        r.add_get("/doc.pdf", self._pdf)
        r.add_get("/binary", self._binary)

    @web.middleware
    async def _count(self, request: web.Request, handler):
        self.hits[request.path] += 1
        return await handler(request)

    def _file(self, name: str, content_type: str):
        async def handler(request: web.Request) -> web.Response:
            return web.Response(body=(PAGES / name).read_bytes(), headers={"Content-Type": content_type})

        return handler

    async def _redirect_private(self, request: web.Request) -> web.Response:
        raise web.HTTPFound("http://10.0.0.1/admin")

    async def _redirect_article(self, request: web.Request) -> web.Response:
        raise web.HTTPFound("/article")

    async def _slow(self, request: web.Request) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/html"})
        await resp.prepare(request)
        await resp.write(b"<html><body><p>Loading")
        await asyncio.sleep(3600)
        return resp

    async def _huge(self, request: web.Request) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/html"})
        await resp.prepare(request)
        block = b"<p>" + b"tide " * 2000 + b"</p>"
        for _ in range(2000):  # ~20 MB unless the client stops reading
            await resp.write(block)
        return resp

    async def _pdf(self, request: web.Request) -> web.Response:
        return web.Response(body=make_pdf(PDF_LINES), headers={"Content-Type": "application/octet-stream"})

    async def _binary(self, request: web.Request) -> web.Response:
        return web.Response(body=b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, headers={"Content-Type": "image/png"})
