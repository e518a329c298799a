"""Several providers as one: interleaved answers, skipping a failed provider, failing
only when all failed; one work from two providers merged into one hit with its DOI."""

from __future__ import annotations

import pytest

from deepref.search.arxiv import ArxivProvider
from deepref.search.combined import CombinedSearch
from deepref.search.errors import AllProvidersFailed
from deepref.search.merge import merge_hits
from deepref.search.openalex import OpenAlexProvider
from deepref.search.semanticscholar import SemanticScholarProvider
from tests.fakes.apis import FakeWork
from tests.fakes.scholarly import FakeArxiv, FakeOpenAlex, FakeSemanticScholar

JOURNAL = FakeWork(
    "Tidal dissipation in icy moons",
    doi="10.1016/j.icarus.2020.113000",
    authors=[("Ada", "Lovelace")],
    year=2020,
    venue="Icarus",
    abstract="Tides heat icy moons.",
)
PREPRINT = FakeWork(
    "Tidal dissipation in icy moons",
    arxiv="2003.01234",
    doi="10.1016/j.icarus.2020.113000",  # arxiv:doi, the authors' pointer to the journal version
    authors=[("Ada", "Lovelace")],
    year=2020,
    abstract="Tides heat icy moons.",
    pdf="https://arxiv.org/pdf/2003.01234",
    kind="preprint",
)
OTHER = FakeWork("Ocean worlds", arxiv="2101.04444", abstract="Oceans.", pdf="https://arxiv.org/pdf/2101.04444")


async def close(search: CombinedSearch) -> None:
    for p in search.providers:
        await p.close()


async def test_one_work_from_two_providers_is_one_hit_with_its_doi(serve, sleeps):
    openalex, arxiv = FakeOpenAlex(), FakeArxiv()
    openalex.works, arxiv.works = [JOURNAL], [PREPRINT, OTHER]
    search = CombinedSearch(
        [OpenAlexProvider(serve(openalex), sleep=sleeps), ArxivProvider(serve(arxiv), sleep=sleeps)]
    )
    try:
        hits = await search.search("tides", max_results=5)
    finally:
        await close(search)
    assert [h.provider for h in hits] == ["openalex", "arxiv", "arxiv"]  # interleaved by rank
    merged = merge_hits([hits], limit=10, max_per_host=10)
    assert len(merged) == 2
    work = merged[0]
    assert work.doi == "10.1016/j.icarus.2020.113000"
    assert work.arxiv_id == "2003.01234"  # linked: the preprint's id, the journal's DOI
    assert work.fulltext_url == "https://arxiv.org/pdf/2003.01234"  # read from the open preprint
    assert (work.venue, work.kind) == ("Icarus", "article-journal")
    assert work.providers == ("openalex", "arxiv")
    assert merged[1].doi is None  # no provider gave one: none is made up
    assert [r["hits"] for r in search.records()] == [1, 2]


async def test_arxiv_doi_links_the_preprint_record_to_the_arxiv_id(serve, sleeps):
    """OpenAlex files a preprint under arXiv's DOI (10.48550/arXiv.<id>); Semantic Scholar
    gives the arXiv id and the journal DOI: one work, the journal DOI."""
    openalex, s2 = FakeOpenAlex(), FakeSemanticScholar()
    openalex.works = [FakeWork("Ocean worlds", doi="10.48550/arxiv.2101.04444", kind="preprint", venue="arXiv")]
    s2.works = [FakeWork("Ocean Worlds (journal)", doi="10.3847/psj.2021.1", arxiv="2101.04444", venue="PSJ")]
    search = CombinedSearch(
        [OpenAlexProvider(serve(openalex), sleep=sleeps), SemanticScholarProvider(serve(s2), sleep=sleeps)]
    )
    try:
        hits = await search.search("oceans", max_results=5)
    finally:
        await close(search)
    [work] = merge_hits([hits], limit=10, max_per_host=10)
    assert (work.doi, work.arxiv_id, work.venue) == ("10.3847/psj.2021.1", "2101.04444", "PSJ")


async def test_a_rate_limited_provider_is_skipped_and_the_others_answer(serve, sleeps):
    openalex, arxiv = FakeOpenAlex(), FakeArxiv()
    openalex.script = [(429, 1)] * 3
    arxiv.works = [OTHER]
    search = CombinedSearch(
        [OpenAlexProvider(serve(openalex), sleep=sleeps, retries=2), ArxivProvider(serve(arxiv), sleep=sleeps)]
    )
    try:
        first = await search.search("q1", max_results=3)
        second = await search.search("q2", max_results=3)
    finally:
        await close(search)
    assert [h.arxiv_id for h in first + second] == ["2101.04444", "2101.04444"]
    records = {r["provider"]: r for r in search.records()}
    assert records["openalex"]["queries"] == 1  # skipped for q2
    assert records["openalex"]["waited_seconds"] == 2.0  # Retry-After: 1, twice
    assert records["openalex"]["failures"] == ["'q1': OpenAlex failed 3 times: HTTP 429 (rate limited)"]
    assert (records["arxiv"]["queries"], records["arxiv"]["hits"]) == (2, 2)
    assert any("openalex skipped" in w for w in search.warnings)
    assert len(openalex.params) == 3


async def test_every_provider_failing_fails_naming_each(serve, sleeps):
    openalex, arxiv = FakeOpenAlex(), FakeArxiv()
    openalex.script = [(401, None)]
    arxiv.script = [(503, None)] * 2
    search = CombinedSearch(
        [OpenAlexProvider(serve(openalex), sleep=sleeps), ArxivProvider(serve(arxiv), sleep=sleeps, retries=1)]
    )
    with pytest.raises(AllProvidersFailed) as err:
        await search.search("q", max_results=3)
    await close(search)
    message = str(err.value)
    assert "openalex: OpenAlex refused the request (HTTP 401)" in message
    assert "arxiv: arXiv failed 2 times: HTTP 503" in message
    assert err.value.retryable  # arXiv may answer later


async def test_all_refused_keys_is_not_worth_retrying(serve, sleeps):
    openalex = FakeOpenAlex()
    openalex.script = [(403, None)]
    search = CombinedSearch([OpenAlexProvider(serve(openalex), sleep=sleeps)])
    with pytest.raises(AllProvidersFailed) as err:
        await search.search("q", max_results=3)
    await close(search)
    assert err.value.retryable is False
