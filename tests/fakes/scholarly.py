"""Fake scholarly indexes speaking each one's published format, on loopback.

- OpenAlex ``GET /works`` (JSON: ``meta.count``, ``results`` with ``abstract_inverted_index``,
  ``authorships``, ``best_oa_location``; paged by ``page``/``per-page``);
- Crossref ``GET /works`` (JSON: ``message.items``, ``total-results``; ``rows``/``offset``);
- Semantic Scholar ``GET /graph/v1/paper/search`` (JSON: ``data``, ``next``; ``offset``/``limit``);
- arXiv ``GET /api/query`` (Atom XML with ``opensearch:totalResults``; ``start``/``max_results``);
- PubMed ``GET /esearch.fcgi`` (JSON ``esearchresult.idlist``) and ``GET /efetch.fcgi``
  (``PubmedArticleSet`` XML).

Each renders the same :class:`FakeWork` list; missing fields are left out as the
real services leave them out.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from aiohttp import web

from tests.fakes.apis import FakeApi, FakeWork


def _name(given: str, family: str) -> str:
    return f"{given} {family}".strip()


class FakeOpenAlex(FakeApi):
    def __init__(self) -> None:
        super().__init__()
        self.app.router.add_get("/works", self.works_search)

    async def works_search(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request)) is not None:
            return bad
        size = int(request.query.get("per-page", 25))
        page = int(request.query.get("page", 1))
        rows = [self.render(w) for w in self.window((page - 1) * size, size)]
        return web.json_response({"meta": {"count": len(self.works), "page": page, "per_page": size}, "results": rows})

    @staticmethod
    def render(w: FakeWork) -> dict:
        words = (w.abstract or "").split()
        index: dict[str, list[int]] = {}
        for i, word in enumerate(words):
            index.setdefault(word, []).append(i)
        source_type = {"preprint": "repository", "conference": "conference"}.get(w.kind, "journal")
        landing = w.landing or (f"https://arxiv.org/abs/{w.arxiv}" if w.arxiv and w.kind == "preprint" else None)
        return {
            "id": f"https://openalex.org/W{abs(hash(w.title)) % 10**9}",
            "doi": f"https://doi.org/{w.doi}" if w.doi else None,
            "title": w.title,
            "display_name": w.title,
            "publication_year": w.year,
            "type": "preprint" if w.kind == "preprint" else "article",
            "authorships": [{"author": {"display_name": _name(g, f)}} for g, f in w.authors],
            "primary_location": {
                "landing_page_url": landing,
                "source": {"display_name": w.venue, "type": source_type} if w.venue else None,
            },
            "best_oa_location": {"is_oa": True, "pdf_url": w.pdf, "landing_page_url": landing} if w.pdf else None,
            "abstract_inverted_index": index or None,
            "ids": {"pmid": f"https://pubmed.ncbi.nlm.nih.gov/{w.pmid}"} if w.pmid else {},
        }


class FakeCrossref(FakeApi):
    def __init__(self) -> None:
        super().__init__()
        self.app.router.add_get("/works", self.works_search)

    async def works_search(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request)) is not None:
            return bad
        rows, offset = int(request.query.get("rows", 20)), int(request.query.get("offset", 0))
        items = []
        for w in self.window(offset, rows):
            item: dict = {
                "title": [w.title],
                "type": {"conference": "proceedings-article", "preprint": "posted-content"}.get(
                    w.kind, "journal-article"
                ),
                "author": [{"given": g, "family": f} for g, f in w.authors],
                "container-title": [w.venue] if w.venue else [],
            }
            if w.doi:
                item |= {"DOI": w.doi.upper(), "URL": f"https://doi.org/{w.doi}"}
            if w.year:
                item["issued"] = {"date-parts": [[w.year, 3]]}
            if w.abstract:
                item["abstract"] = f"<jats:p>{escape(w.abstract)}</jats:p>"
            items.append(item)
        return web.json_response(
            {"status": "ok", "message-type": "work-list", "message": {"total-results": len(self.works), "items": items}}
        )


class FakeSemanticScholar(FakeApi):
    def __init__(self) -> None:
        super().__init__()
        self.app.router.add_get("/graph/v1/paper/search", self.paper_search)

    async def paper_search(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request)) is not None:
            return bad
        offset, limit = int(request.query.get("offset", 0)), int(request.query.get("limit", 100))
        data = []
        for w in self.window(offset, limit):
            ids = {k: v for k, v in (("DOI", w.doi), ("ArXiv", w.arxiv), ("PubMed", w.pmid)) if v}
            data.append(
                {
                    "paperId": f"{abs(hash(w.title)):040x}"[:40],
                    "url": f"https://www.semanticscholar.org/paper/{abs(hash(w.title))}",
                    "title": w.title,
                    "abstract": w.abstract,
                    "year": w.year,
                    "venue": w.venue or "",
                    "authors": [{"authorId": str(i), "name": _name(g, f)} for i, (g, f) in enumerate(w.authors)],
                    "externalIds": ids,
                    "openAccessPdf": {"url": w.pdf, "status": "GREEN"} if w.pdf else None,
                    "publicationTypes": {"conference": ["Conference"], "journal": ["JournalArticle"]}.get(w.kind),
                }
            )
        body: dict = {"total": len(self.works), "offset": offset, "data": data}
        if offset + limit < len(self.works):
            body["next"] = offset + limit
        return web.json_response(body)


class FakeArxiv(FakeApi):
    """Also serves full texts (``fulltexts``: arXiv id -> text, or ``pdfs``: -> a PDF) at ``/pdf/<id>``,
    and counts visits of any other path (``landing_hits``: a paywall must not be read)."""

    def __init__(self) -> None:
        super().__init__()
        self.fulltexts: dict[str, str] = {}
        self.pdfs: dict[str, bytes] = {}  # arXiv id -> a PDF served at /pdf/<id> instead
        self.landing_hits: dict[str, int] = {}
        self.app.router.add_get("/api/query", self.query)
        self.app.router.add_get("/pdf/{id}", self.fulltext)
        self.app.router.add_get("/paywall/{id}", self.paywall)

    async def fulltext(self, request: web.Request) -> web.Response:
        if (pdf := self.pdfs.get(request.match_info["id"])) is not None:
            return web.Response(body=pdf, content_type="application/pdf")
        text = self.fulltexts.get(request.match_info["id"])
        if text is None:
            return web.Response(status=404)
        paragraphs = "".join(f"<p>{escape(p)}</p>" for p in text.split("\n\n"))
        body = f"<html><head><title>Full text</title></head><body><article>{paragraphs}</article></body></html>"
        return web.Response(text=body, content_type="text/html")

    async def paywall(self, request: web.Request) -> web.Response:
        key = request.match_info["id"]
        self.landing_hits[key] = self.landing_hits.get(key, 0) + 1
        return web.Response(
            text="<html><body><p>Subscribe to read this article.</p></body></html>", content_type="text/html"
        )

    async def query(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request, malformed="<feed><entry>")) is not None:
            return bad
        start, size = int(request.query.get("start", 0)), int(request.query.get("max_results", 10))
        entries = []
        for w in self.window(start, size):
            parts = [
                f"<id>http://arxiv.org/abs/{w.arxiv}v2</id>",
                f"<published>{w.year or 2020}-01-15T00:00:00Z</published>",
                f"<title>{escape(w.title)}</title>",
                f"<summary>{escape(w.abstract or '')}</summary>",
                *(f"<author><name>{escape(_name(g, f))}</name></author>" for g, f in w.authors),
                f'<link href="http://arxiv.org/abs/{w.arxiv}v2" rel="alternate" type="text/html"/>',
                f'<link title="pdf" href="{escape(w.pdf or "")}" rel="related" type="application/pdf"/>',
            ]
            if w.doi:
                parts.append(f"<arxiv:doi>{escape(w.doi)}</arxiv:doi>")
            entries.append("<entry>" + "".join(parts) + "</entry>")
        feed = (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"'
            ' xmlns:arxiv="http://arxiv.org/schemas/atom">'
            f"<title>arXiv Query</title><opensearch:totalResults>{len(self.works)}</opensearch:totalResults>"
            f"<opensearch:startIndex>{start}</opensearch:startIndex>" + "".join(entries) + "</feed>"
        )
        return web.Response(text=feed, content_type="application/atom+xml")


class FakePubMed(FakeApi):
    def __init__(self) -> None:
        super().__init__()
        self.app.router.add_get("/esearch.fcgi", self.esearch)
        self.app.router.add_get("/efetch.fcgi", self.efetch)

    async def esearch(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request)) is not None:
            return bad
        start, size = int(request.query.get("retstart", 0)), int(request.query.get("retmax", 20))
        ids = [w.pmid for w in self.window(start, size) if w.pmid]
        body = {"esearchresult": {"count": str(len(self.works)), "retmax": str(size), "idlist": ids}}
        return web.json_response(body)

    async def efetch(self, request: web.Request) -> web.StreamResponse:
        if (bad := await self.scripted(request, malformed="<PubmedArticleSet><Pubmed")) is not None:
            return bad
        wanted = request.query.get("id", "").split(",")
        articles = []
        for w in (w for w in self.works if w.pmid in wanted):
            authors = "".join(
                f"<Author><LastName>{escape(f)}</LastName><ForeName>{escape(g)}</ForeName></Author>"
                for g, f in w.authors
            )
            abstract = f"<Abstract><AbstractText>{escape(w.abstract)}</AbstractText></Abstract>" if w.abstract else ""
            year = f"<Year>{w.year}</Year>" if w.year else ""
            ids = f'<ArticleId IdType="pubmed">{w.pmid}</ArticleId>'
            if w.doi:
                ids += f'<ArticleId IdType="doi">{escape(w.doi)}</ArticleId>'
            if w.pmc:
                ids += f'<ArticleId IdType="pmc">{w.pmc}</ArticleId>'
            articles.append(
                f"<PubmedArticle><MedlineCitation><PMID>{w.pmid}</PMID><Article>"
                f"<Journal><JournalIssue><PubDate>{year}</PubDate></JournalIssue>"
                f"<Title>{escape(w.venue or '')}</Title></Journal>"
                f"<ArticleTitle>{escape(w.title)}</ArticleTitle>{abstract}"
                f"<AuthorList>{authors}</AuthorList></Article></MedlineCitation>"
                f"<PubmedData><ArticleIdList>{ids}</ArticleIdList></PubmedData></PubmedArticle>"
            )
        xml = '<?xml version="1.0" ?><PubmedArticleSet>' + "".join(articles) + "</PubmedArticleSet>"
        return web.Response(text=xml, content_type="text/xml")
