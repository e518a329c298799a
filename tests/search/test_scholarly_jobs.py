"""A job over the scholarly providers, embedded (no worker), against loopback fakes of
all five: one work from two providers is one source with its DOI, read from its open
full text; a work without one is read as its abstract, never as its landing page;
a rate-limited provider makes the job fall back, not fail. Exports carry the metadata."""

from __future__ import annotations

import bibtexparser
import pytest
import rispy

from deepref.bibliography import export, works_from_result
from deepref.reference.errors import DeeprefError
from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.pipeline.embedded import run_research
from deepref.worker.settings import Settings
from tests.fakes.apis import FakeWork
from tests.fakes.scholarly import FakeArxiv, FakeCrossref, FakeOpenAlex, FakePubMed, FakeSemanticScholar

DOI = "10.1016/j.icarus.2020.113000"
QUESTION = "How do tides heat the icy moons of Jupiter?"
FULL_TEXT = (
    "Tidal heating warms the icy moons of Jupiter because their orbits are eccentric.\n\n"
    "The tides flex the ice shell of each moon, and friction turns that flexing into heat.\n\n"
    "Europa keeps a liquid ocean under its ice because tides heat its interior."
)
ABSTRACT = "Tides heat the icy moons of Jupiter; we model the heating of the ice shell of Ganymede."


@pytest.fixture
def fakes(serve):
    apis = {
        "openalex": FakeOpenAlex(),
        "crossref": FakeCrossref(),
        "semanticscholar": FakeSemanticScholar(),
        "arxiv": FakeArxiv(),
        "pubmed": FakePubMed(),
    }
    urls = {name: serve(fake) for name, fake in apis.items()}
    return apis, urls


def settings_for(urls: dict[str, str], **extra) -> Settings:
    values = {
        "search_provider": "academic",
        **{f"{name}_url": url for name, url in urls.items()},
        "search_retries": 1,
        "search_max_wait_seconds": 2,
        "llm_base_url": None,
        "llm_sub_queries": 0,
        "embedder": "jaccard",
        "fetch_allow": ["loopback"],
        "fetch_host_rate_per_second": 100,
        "max_per_host": 10,
    }
    return Settings(**{**values, **extra})


def journal_and_preprint(apis, urls):
    apis["openalex"].works = [
        FakeWork(
            "Tidal heating of icy moons",
            doi=DOI,
            authors=[("Ada", "Lovelace"), ("Mary", "Somerville")],
            year=2020,
            venue="Icarus",
            abstract=ABSTRACT,
            landing=f"{urls['arxiv']}/paywall/icarus",
        )
    ]
    apis["arxiv"].works = [
        FakeWork(
            "Tidal heating of icy moons",
            arxiv="2003.01234",
            doi=DOI,
            authors=[("Ada", "Lovelace"), ("Mary", "Somerville")],
            year=2020,
            abstract=ABSTRACT,
            pdf=f"{urls['arxiv']}/pdf/2003.01234",
            kind="preprint",
        )
    ]
    apis["arxiv"].fulltexts = {"2003.01234": FULL_TEXT}


def test_one_work_in_two_providers_is_one_source_with_its_doi_read_in_full(fakes):
    apis, urls = fakes
    journal_and_preprint(apis, urls)
    result = run_research(QUESTION, settings=settings_for(urls))
    [source] = result.sources
    assert source.doi == DOI
    assert source.arxiv_id == "2003.01234"
    assert (source.venue, source.type, source.year) == ("Icarus", "article-journal", 2020)
    assert source.authors == ["Ada Lovelace", "Mary Somerville"]
    assert source.cites == "full text"
    assert source.url == f"{urls['arxiv']}/pdf/2003.01234"  # what was read: the open preprint
    assert source.landing_url == f"{urls['arxiv']}/paywall/icarus"
    assert apis["arxiv"].landing_hits == {}  # the publisher's page was never read as the paper
    assert result.references and all(r.doi == DOI and r.cites == "full text" for r in result.references)
    assert all(r.quote in FULL_TEXT for r in result.references)  # quoted from the full text, not the abstract
    assert source.title == "Tidal heating of icy moons"  # the work's title, not the PDF page's
    records = {r.provider: r for r in result.search}
    assert set(records) == {"openalex", "crossref", "semanticscholar", "arxiv", "pubmed"}
    assert (records["openalex"].hits, records["arxiv"].hits, records["crossref"].hits) == (1, 1, 0)

    bib = export(works_from_result(result), "bibtex").text
    library = bibtexparser.parse_string(bib)
    assert not library.failed_blocks
    [entry] = library.entries
    assert entry.entry_type == "article"
    assert entry["doi"] == DOI
    assert entry["eprint"] == "2003.01234"
    assert entry["journal"] == "Icarus"
    assert entry["year"] == "2020"
    assert entry["url"] == f"{urls['arxiv']}/paywall/icarus"

    [record] = rispy.loads(export(works_from_result(result), "ris").text)
    assert (record["type_of_reference"], record["doi"]) == ("JOUR", DOI)
    apa = export(works_from_result(result), "apa").text
    assert "Lovelace, A., & Somerville, M. (2020)" in apa
    assert f"https://doi.org/{DOI}" in apa
    chicago = export(works_from_result(result), "chicago").text
    assert "Lovelace, A., and M. Somerville. 2020. “Tidal Heating of Icy Moons”. Icarus" in chicago
    assert f"https://doi.org/{DOI}" in chicago


def test_without_open_full_text_the_abstract_is_cited_and_marked(fakes):
    apis, urls = fakes
    apis["openalex"].works = [
        FakeWork(
            "Tidal heating of Ganymede",
            doi="10.1000/ganymede",
            authors=[("Ada", "Lovelace")],
            year=2019,
            venue="Icarus",
            abstract=ABSTRACT,
            landing=f"{urls['arxiv']}/paywall/ganymede",
        ),
        FakeWork("Icy moon heat budgets", doi="10.1000/nothing", landing=f"{urls['arxiv']}/paywall/nothing"),
    ]
    result = run_research(QUESTION, settings=settings_for(urls))
    [source] = result.sources
    assert (source.doi, source.cites, source.chars) == ("10.1000/ganymede", "abstract", len(ABSTRACT))
    assert all(r.cites == "abstract" for r in result.references)
    assert apis["arxiv"].landing_hits == {}  # neither landing page was read
    [failure] = result.failures
    assert failure.url.endswith("/paywall/nothing")
    assert "no open-access full text and no abstract" in failure.reason


def test_a_rate_limited_provider_makes_the_job_fall_back_not_fail(fakes):
    apis, urls = fakes
    journal_and_preprint(apis, urls)
    apis["openalex"].script = [(429, 1)] * 10
    result = run_research(QUESTION, settings=settings_for(urls))
    [source] = result.sources  # from arXiv alone: its arxiv:doi still names the journal version
    assert (source.arxiv_id, source.doi, source.cites) == ("2003.01234", DOI, "full text")
    openalex = next(r for r in result.search if r.provider == "openalex")
    assert openalex.hits == 0 and openalex.retries == 1 and openalex.waited_seconds == 1
    assert openalex.failures and "HTTP 429" in openalex.failures[0]
    assert any("openalex skipped" in w for w in result.warnings)


def test_the_job_fails_on_search_only_when_every_provider_failed(fakes):
    apis, urls = fakes
    for fake in apis.values():
        fake.script = [(503, None)] * 10
    with pytest.raises(DeeprefError, match="every search provider failed") as err:
        run_research(QUESTION, settings=settings_for(urls))
    for name in ("openalex", "crossref", "semanticscholar", "arxiv", "pubmed"):
        assert f"{name}: " in str(err.value)


def test_options_pick_providers_and_a_key_is_named_at_submit(fakes):
    apis, urls = fakes
    journal_and_preprint(apis, urls)
    result = run_research(QUESTION, ResearchOptions(provider="arxiv"), settings=settings_for(urls))
    assert [r.provider for r in result.search] == ["arxiv"]
    with pytest.raises(DeeprefError, match="DEEPREF_TAVILY_API_KEY"):
        run_research(
            QUESTION,
            ResearchOptions(provider="arxiv,tavily"),
            settings=settings_for(urls, allowed_providers=["academic", "tavily"]),
        )


def test_a_deep_job_adds_up_each_providers_record_over_its_rounds(fakes, openai_server):
    apis, urls = fakes
    journal_and_preprint(apis, urls)
    apis["pubmed"].script = [(503, None)] * 50
    openai_server.fake.researcher.behave("tides", rounds=2)
    settings = settings_for(urls, llm_base_url=openai_server.v1, llm_api_key=openai_server.api_key, llm_model="fake")
    options = ResearchOptions(depth="standard", embedder="jaccard", budget={"rounds": 2})
    result = run_research(QUESTION, options, settings=settings)
    rounds = result.deep.rounds
    asked = sum(len(r.queries) for r in rounds)
    records = {r.provider: r for r in result.search}
    assert records["openalex"].queries == records["arxiv"].queries == asked
    assert (
        records["pubmed"].queries == 1 and "HTTP 503" in records["pubmed"].failures[0]
    )  # skipped after round 1's failure
    assert any("pubmed skipped" in w for w in result.warnings)
    assert [s.doi for s in result.sources] == [DOI]


def test_an_open_pdf_is_quoted_with_its_page(fakes):
    from tests.search.documents.makers import make_pdf

    apis, urls = fakes
    apis["arxiv"].works = [
        FakeWork(
            "Heat budgets of icy moons",
            arxiv="2104.05678",
            authors=[("Ada", "Lovelace")],
            year=2021,
            abstract="We study heat in icy moons.",
            pdf=f"{urls['arxiv']}/pdf/2104.05678",
            kind="preprint",
        )
    ]
    apis["arxiv"].pdfs = {
        "2104.05678": make_pdf(
            [
                "The survey of the outer planets began in 1995.",
                "Orbital resonances keep the orbits of the moons eccentric.",
                "Tides heat the icy moons of Jupiter through friction in their ice shells.",
            ],
            header="Heat budgets of icy moons",
        )
    }
    result = run_research(QUESTION, settings=settings_for(urls))
    [source] = result.sources
    assert (source.arxiv_id, source.cites, source.doi) == ("2104.05678", "full text", None)
    tides = [r for r in result.references if "Tides heat the icy moons" in r.quote]
    assert tides and tides[0].locator is not None and tides[0].locator.first == 3
    [entry] = bibtexparser.parse_string(export(works_from_result(result), "bibtex").text).entries
    assert (entry.entry_type, entry["eprint"], entry["howpublished"]) == ("misc", "2104.05678", "arXiv")
    assert "doi" not in entry.fields_dict  # no provider gave one: none is written
