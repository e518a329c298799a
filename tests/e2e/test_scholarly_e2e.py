"""An academic job through a real Redis and a real worker process, against loopback
fakes of the five scholarly indexes: one work in two of them is one source with its
DOI, its BibTeX carries that DOI, and a provider answering 429 makes the next job
fall back to the others instead of failing."""

from __future__ import annotations

import bibtexparser
import pytest

from deepref.bibliography import export, works_from_result
from deepref.worker.jobs.models import ResearchOptions
from tests.fakes.apis import FakeWork

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

DOI = "10.1016/j.icarus.2020.113000"
FULL_TEXT = (
    "Tidal heating warms the icy moons of Jupiter because their orbits are eccentric.\n\n"
    "The tides flex the ice shell of each moon, and friction turns that flexing into heat.\n\n"
    "Europa keeps a liquid ocean under its ice because tides heat its interior."
)


def test_academic_job_one_source_with_its_doi_and_a_429_falls_back(
    worker_env, start_worker, client_for, scholarly_apis, openai_server
):
    fakes, urls = scholarly_apis
    arxiv = urls["arxiv"]
    fakes["openalex"].works = [
        FakeWork(
            "Tidal heating of icy moons",
            doi=DOI,
            authors=[("Ada", "Lovelace")],
            year=2020,
            venue="Icarus",
            abstract="Tides heat the icy moons of Jupiter.",
            landing=f"{arxiv}/paywall/icarus",
        )
    ]
    fakes["arxiv"].works = [
        FakeWork(
            "Tidal heating of icy moons",
            arxiv="2003.01234",
            doi=DOI,
            authors=[("Ada", "Lovelace")],
            year=2020,
            abstract="Tides heat the icy moons of Jupiter.",
            pdf=f"{arxiv}/pdf/2003.01234",
            kind="preprint",
        )
    ]
    fakes["arxiv"].fulltexts = {"2003.01234": FULL_TEXT}
    env = {
        **worker_env,
        "DEEPREF_SEARCH_PROVIDER": "academic",
        "DEEPREF_SEARCH_RETRIES": "1",
        "DEEPREF_SEARCH_MAX_WAIT_SECONDS": "2",
        **{f"DEEPREF_{name.upper()}_URL": url for name, url in urls.items()},
    }
    start_worker("scholarly", **{k: v for k, v in env.items() if k not in worker_env or worker_env[k] != v})
    client = client_for(env)

    job_id = client.submit("How do tides heat the icy moons of Jupiter?", ResearchOptions(provider="academic"))
    result = client.result(job_id, wait=True, timeout=120)
    [source] = result.sources
    assert (source.doi, source.arxiv_id, source.cites) == (DOI, "2003.01234", "full text")
    assert fakes["arxiv"].landing_hits == {}
    assert result.references and {r.doi for r in result.references} == {DOI}
    library = bibtexparser.parse_string(export(works_from_result(result), "bibtex").text)
    assert not library.failed_blocks
    [entry] = library.entries
    assert (entry.entry_type, entry["doi"], entry["eprint"]) == ("article", DOI, "2003.01234")
    assert {r.provider for r in result.search} == set(urls)

    fakes["openalex"].script = [(429, 1)] * 20  # OpenAlex now refuses every request
    job_id = client.submit("How do tides heat the icy moons of Jupiter?")
    result = client.result(job_id, wait=True, timeout=120)
    [source] = result.sources  # arXiv's record alone, with the DOI arXiv gave
    assert (source.arxiv_id, source.doi) == ("2003.01234", DOI)
    openalex = next(r for r in result.search if r.provider == "openalex")
    assert openalex.hits == 0 and openalex.retries == 1 and openalex.waited_seconds == 1
    assert "HTTP 429" in openalex.failures[0]
    assert any("openalex skipped" in w for w in result.warnings)
