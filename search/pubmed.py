"""PubMed through NCBI's E-utilities: ``esearch`` finds PMIDs, ``efetch`` (XML) gives the records.

NCBI allows 3 requests per second without a key and 10 with one (``api_key``),
and asks tools to name themselves (``tool``, ``email``). A record's PubMed Central
id (``ArticleId IdType="pmc"``) is an open full text, read from PMC; otherwise
the abstract is what deepref reads. Titles carry inline markup (``<i>``, ``<sup>``)
and PubMed's closing period, both removed; names stay structured (ForeName,
LastName). ``CommentsCorrections`` (``RetractionIn``, ``ErratumIn``,
``ExpressionOfConcernIn``) and the publication type "Retracted Publication" flag a
work's notice.
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element, tostring

from deepref.search.api import ApiProvider, Page, ProviderStats, text, year_of
from deepref.search.identifiers import normalize_doi
from deepref.search.models import SearchHit, notice_of
from deepref.search.records import person, person_name, plain

# CommentsCorrections' RefType -> the notice it is about this work
_NOTICES = {"RetractionIn": "retraction", "ErratumIn": "erratum", "ExpressionOfConcernIn": "expression_of_concern"}

PMC_ARTICLES = "https://pmc.ncbi.nlm.nih.gov/articles"


class PubMedProvider(ApiProvider):
    name = "pubmed"
    label = "PubMed"
    url_setting = "DEEPREF_PUBMED_URL"
    key_setting = "DEEPREF_PUBMED_API_KEY"
    rate_per_second = 3.0
    keyed_rate_per_second = 10.0
    max_page = 100

    def __init__(
        self,
        base_url: str = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils",
        *,
        api_key: str | None = None,
        email: str | None = None,
        pmc_url: str = PMC_ARTICLES,
        **kw,
    ):
        super().__init__(base_url, **kw)
        self.api_key, self.email, self.pmc_url = api_key, email, pmc_url.rstrip("/")

    def _params(self, **params: Any) -> dict[str, Any]:
        params = {"db": "pubmed", "tool": "deepref", **params}
        if self.email:
            params["email"] = self.email
        if self.api_key:
            params["api_key"] = self.api_key
        return params

    async def page(self, query: str, offset: int, size: int, stats: ProviderStats) -> Page:
        found = await self.request(
            "GET",
            "/esearch.fcgi",
            _ids,
            stats,
            query=query,
            params=self._params(term=query, retstart=offset, retmax=size, retmode="json"),
        )
        ids, count = found
        if not ids:
            return Page([], False)
        records = await self.request(
            "GET",
            "/efetch.fcgi",
            self._records,
            stats,
            query=query,
            params=self._params(id=",".join(ids), retmode="xml"),
            body="xml",
        )
        return Page(records, offset + size < count)

    def _records(self, root: Element) -> list[SearchHit]:
        if root.tag != "PubmedArticleSet":
            raise ValueError(f"not a PubmedArticleSet: <{root.tag}>")
        return [hit for article in root.findall("PubmedArticle") if (hit := self._article(article)) is not None]

    def _article(self, article: Element) -> SearchHit | None:
        pmid = text(article.findtext("MedlineCitation/PMID"))
        art = article.find("MedlineCitation/Article")
        if not pmid or art is None:
            return None
        title = _all_text(art.find("ArticleTitle"))
        if not title:
            return None
        if title.endswith(".") and not title.endswith(".."):  # MEDLINE ends every title with a period
            title = title[:-1]
        ids = {
            i.get("IdType"): text("".join(i.itertext())) for i in article.findall("PubmedData/ArticleIdList/ArticleId")
        }
        parts = [_all_text(a) for a in art.findall("Abstract/AbstractText")]
        abstract = " ".join(p for p in parts if p) or None
        authors = []
        for a in art.findall("AuthorList/Author"):
            initials = text(a.findtext("Initials")) or ""  # "TC": two initials, as a reader writes "T C"
            given = a.findtext("ForeName") or (" ".join(initials) if initials.isalpha() else initials)
            if full := person(given, a.findtext("LastName")) or person_name(a.findtext("CollectiveName")):
                authors.append(full)
        notice = None
        types = [text(t.text) for t in art.findall("PublicationTypeList/PublicationType")]
        if "Retracted Publication" in types:
            notice = "retracted"
        for c in article.findall("MedlineCitation/CommentsCorrectionsList/CommentsCorrections"):
            if kind := _NOTICES.get(c.get("RefType") or ""):
                notice = notice_of(notice, kind)
        date = art.find("Journal/JournalIssue/PubDate")
        year = year_of(date.findtext("Year") or date.findtext("MedlineDate")) if date is not None else None
        pmc = ids.get("pmc")
        return SearchHit(
            url=f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/",
            title=title,
            snippet=(abstract or "")[:300],
            provider=self.name,
            query="",
            rank=0,
            scholarly=True,
            doi=normalize_doi(ids.get("doi")),
            authors=tuple(authors),
            year=year,
            venue=plain(art.findtext("Journal/Title")),
            kind="article-journal",
            pmid=pmid,
            abstract=abstract,
            fulltext_url=f"{self.pmc_url}/{pmc}/" if pmc and pmc.upper().startswith("PMC") else None,
            notice=notice,
        )


def _ids(data: Any) -> tuple[list[str], int]:
    result = data["esearchresult"]
    ids = result["idlist"]
    if not isinstance(ids, list) or not all(isinstance(i, str) and i.isdigit() for i in ids):
        raise ValueError("idlist is not a list of PMIDs")
    return ids, int(result.get("count", len(ids)))


def _all_text(node: Element | None) -> str | None:
    """An element's text with its inline markup flattened (<i>) or kept readable (<sup>, <sub>)."""
    return plain(tostring(node, encoding="unicode")) if node is not None else None
