"""A provider's hostile answer is that provider's failure: the job goes on with the others.

Each fake runs on loopback. One scholarly index sends a JSON array nested 200,000
deep, an answer over the size cap (streamed, never held whole by either side) or
bytes that are not its UTF-8, while arXiv answers normally (issue 31: the deep
answer raised a RecursionError that failed the whole job; a 1 GB answer was read
whole)."""

from __future__ import annotations

import pytest
from aiohttp import web

from deepref.search.api import ProviderStats
from deepref.search.arxiv import ArxivProvider
from deepref.search.combined import CombinedSearch
from deepref.search.errors import AnswerTooLargeError, MalformedAnswerError
from deepref.search.openalex import OpenAlexProvider
from deepref.search.searxng import SearxNGProvider
from tests.fakes.apis import FakeApi, FakeWork
from tests.fakes.scholarly import FakeArxiv, FakeOpenAlex

PAPER = FakeWork("Tidal heating of icy moons", arxiv="2101.00003", abstract="Moons heat up.")
CAP = 64_000  # the setting, small here: the over-cap answer is 5 MB, sent in 64 KB chunks


async def _search_with_a_hostile_openalex(serve, sleeps, script, cap=CAP):
    openalex, arxiv = FakeOpenAlex(), FakeArxiv()
    openalex.works, arxiv.works = [PAPER], [PAPER]
    openalex.script = script
    search = CombinedSearch(
        [
            OpenAlexProvider(serve(openalex), sleep=sleeps, retries=1, max_answer_bytes=cap),
            ArxivProvider(serve(arxiv), sleep=sleeps, max_answer_bytes=CAP),
        ]
    )
    try:
        hits = await search.search("tides", max_results=3)
    finally:
        for p in search.providers:
            await p.close()
    return search, hits, openalex


@pytest.mark.parametrize(
    ("script", "cap", "error", "says"),
    [
        ([("deep", 200_000), ("deep", 200_000)], 1_000_000, MalformedAnswerError, "RecursionError"),
        ([("undecodable", None), ("undecodable", None)], CAP, MalformedAnswerError, "UnicodeDecodeError"),
        ([("huge", 5_000_000)], CAP, AnswerTooLargeError, "over the 64,000-byte cap"),
    ],
    ids=["200k-deep JSON", "not UTF-8", "over the cap"],
)
async def test_a_hostile_answer_fails_its_provider_and_the_others_answer(serve, sleeps, script, cap, error, says):
    search, hits, _ = await _search_with_a_hostile_openalex(serve, sleeps, script, cap)
    assert [h.provider for h in hits] == ["arxiv"]
    assert hits[0].title == PAPER.title
    assert type(search.failed["openalex"]) is error
    assert says in str(search.failed["openalex"])
    assert any("openalex" in w and says in w for w in search.warnings)
    record = {r["provider"]: r for r in search.records()}
    assert record["openalex"]["skipped"] and record["arxiv"]["answered"] == 1


async def test_an_answer_over_the_cap_is_not_asked_again(serve, sleeps):
    _, _, openalex = await _search_with_a_hostile_openalex(serve, sleeps, [("huge", 5_000_000)])
    assert len(openalex.requests) == 1  # the same answer would come back: no retry


async def test_a_declared_length_over_the_cap_is_refused_before_reading(serve, sleeps):
    openalex = FakeOpenAlex()
    openalex.script = [("deep", 100_000)]  # 200 KB with its Content-Length
    provider = OpenAlexProvider(serve(openalex), sleep=sleeps, max_answer_bytes=CAP)
    stats = ProviderStats("openalex")
    try:
        with pytest.raises(AnswerTooLargeError, match="DEEPREF_SEARCH_MAX_ANSWER_BYTES"):
            await provider.search("tides", max_results=3, stats=stats)
    finally:
        await provider.close()


class HostileSearxNG(FakeApi):
    """SearxNG's ``/search`` answering what the script says."""

    def __init__(self) -> None:
        super().__init__()
        self.app.router.add_get("/search", self.search)

    async def search(self, request: web.Request) -> web.StreamResponse:
        return await self.scripted(request) or web.json_response({"results": []})


@pytest.mark.parametrize(("what", "error"), [("deep", MalformedAnswerError), ("huge", AnswerTooLargeError)])
async def test_searxng_answers_read_the_same_way(serve, what, error):
    fake = HostileSearxNG()
    fake.script = [(what, 200_000 if what == "deep" else 5_000_000)]
    provider = SearxNGProvider(serve(fake), max_answer_bytes=300_000 if what == "deep" else CAP)
    try:
        with pytest.raises(error):
            await provider.search("tides", max_results=3)
    finally:
        await provider.close()
