"""Each scholarly provider against a local server speaking its published format:
metadata read, pages followed, missing fields tolerated."""

from __future__ import annotations

import pytest

from deepref.search.api import ProviderStats
from deepref.search.arxiv import ArxivProvider
from deepref.search.crossref import CrossrefProvider
from deepref.search.openalex import OpenAlexProvider
from deepref.search.pubmed import PubMedProvider
from deepref.search.semanticscholar import SemanticScholarProvider
from tests.fakes.apis import FakeWork
from tests.fakes.scholarly import FakeArxiv, FakeCrossref, FakeOpenAlex, FakePubMed, FakeSemanticScholar

ATTENTION = FakeWork(
    "Attention Is All You Need",
    doi="10.5555/3295222.3295349",
    arxiv="1706.03762",
    pmid="29000001",
    pmc="PMC5000001",
    authors=[("Ashish", "Vaswani"), ("Noam", "Shazeer")],
    year=2017,
    venue="Advances in Neural Information Processing Systems",
    abstract="The dominant sequence transduction models are based on complex recurrent networks.",
    pdf="https://arxiv.org/pdf/1706.03762",
    kind="conference",
)
BARE = FakeWork("A note without metadata", doi="10.1000/bare.1", arxiv="2101.00001", pmid="29000002")

PROVIDERS = {
    "openalex": (FakeOpenAlex, OpenAlexProvider, {"mailto": "ops@example.org"}),
    "crossref": (FakeCrossref, CrossrefProvider, {"mailto": "ops@example.org"}),
    "semanticscholar": (FakeSemanticScholar, SemanticScholarProvider, {"api_key": "s2-key"}),
    "arxiv": (FakeArxiv, ArxivProvider, {}),
    "pubmed": (FakePubMed, PubMedProvider, {"api_key": "ncbi-key", "email": "ops@example.org"}),
}


def build(name: str, serve, sleeps, **kw):
    fake_cls, provider_cls, extra = PROVIDERS[name]
    fake = fake_cls()
    provider = provider_cls(serve(fake), sleep=sleeps, backoff=0.01, **{**extra, **kw})
    return fake, provider


@pytest.mark.parametrize("name", list(PROVIDERS))
async def test_metadata_of_a_full_record(name, serve, sleeps):
    fake, provider = build(name, serve, sleeps)
    fake.works = [ATTENTION]
    try:
        [hit] = await provider.search("attention transformers", max_results=5)
    finally:
        await provider.close()
    assert (hit.title, hit.provider, hit.rank, hit.query) == (ATTENTION.title, name, 1, "attention transformers")
    assert hit.scholarly
    if name in ("crossref", "pubmed"):  # structured names (given, family) stay structured
        assert hit.authors == ("Vaswani, Ashish", "Shazeer, Noam")
    else:  # one string each, as the index writes it
        assert hit.authors == ("Ashish Vaswani", "Noam Shazeer")
    assert hit.year == 2017
    assert hit.abstract == ATTENTION.abstract
    assert hit.doi == ATTENTION.doi  # arXiv gives the DOI of the published version it was told
    if name in ("semanticscholar", "arxiv", "openalex"):
        assert hit.fulltext_url == ATTENTION.pdf
    if name in ("semanticscholar", "arxiv"):
        assert hit.arxiv_id == "1706.03762"
    if name == "pubmed":
        assert (hit.pmid, hit.url) == ("29000001", "https://pubmed.ncbi.nlm.nih.gov/29000001/")
        assert hit.fulltext_url == "https://pmc.ncbi.nlm.nih.gov/articles/PMC5000001/"
        assert hit.venue == ATTENTION.venue
    if name == "crossref":
        assert hit.fulltext_url is None  # publishers' links are not open full text
        assert (hit.kind, hit.venue) == ("paper-conference", ATTENTION.venue)


@pytest.mark.parametrize("name", list(PROVIDERS))
async def test_missing_fields_are_none(name, serve, sleeps):
    fake, provider = build(name, serve, sleeps)
    fake.works = [BARE]
    try:
        [hit] = await provider.search("note", max_results=5)
    finally:
        await provider.close()
    assert hit.title == BARE.title
    assert hit.authors == ()
    assert hit.abstract is None
    assert hit.snippet == ""
    if name != "arxiv":  # every arXiv entry has a PDF
        assert hit.fulltext_url is None


@pytest.mark.parametrize("name", list(PROVIDERS))
async def test_pages_are_followed_up_to_max_results(name, serve, sleeps):
    fake, provider = build(name, serve, sleeps, page_size=2)
    fake.works = [
        FakeWork(f"Paper {i}", doi=f"10.1000/p{i}", arxiv=f"2101.0000{i}", pmid=f"3100000{i}") for i in range(7)
    ]
    stats = ProviderStats(name)
    try:
        hits = await provider.search("papers", max_results=5, stats=stats)
    finally:
        await provider.close()
    assert [h.title for h in hits] == [f"Paper {i}" for i in range(5)]
    assert [h.rank for h in hits] == [1, 2, 3, 4, 5]
    assert (stats.queries, stats.hits) == (1, 5)
    per_page = 2 if name == "pubmed" else 1  # esearch, then efetch
    assert stats.requests == 3 * per_page


async def test_polite_pool_and_keys_are_sent(serve, sleeps):
    fake, provider = build("openalex", serve, sleeps, api_key="oa-key")
    fake.works = [ATTENTION]
    await provider.search("x", max_results=1)
    await provider.close()
    assert fake.params[0]["mailto"] == "ops@example.org"
    assert fake.params[0]["api_key"] == "oa-key"
    fake, provider = build("semanticscholar", serve, sleeps)
    await provider.search("x", max_results=1)
    await provider.close()
    assert fake.requests[0].headers["x-api-key"] == "s2-key"
    fake, provider = build("pubmed", serve, sleeps)
    fake.works = [ATTENTION]
    await provider.search("x", max_results=1)
    await provider.close()
    assert {p["api_key"] for p in fake.params} == {"ncbi-key"}
    assert fake.params[0]["tool"] == "deepref"


async def test_openalex_preprint_is_an_arxiv_article(serve, sleeps):
    fake, provider = build("openalex", serve, sleeps)
    fake.works = [
        FakeWork("A preprint", doi="10.48550/arxiv.2301.00002", arxiv="2301.00002", kind="preprint", venue="arXiv")
    ]
    [hit] = await provider.search("x", max_results=1)
    await provider.close()
    assert (hit.arxiv_id, hit.kind, hit.doi) == ("2301.00002", "article", "10.48550/arxiv.2301.00002")
