"""Issue 32, "Done means": a new user's ``deepref research "…" --provider academic --format
bibtex`` at the terminal (embedded, no Redis), against loopback servers answering as
Crossref, OpenAlex, Semantic Scholar, arXiv and PubMed answer (recorded shapes in
tests/fixtures/scholarly, oddities included) and a local OpenAI-compatible model.

The BibTeX must hold at least 8 works with DOIs (the per-host cap kept 3 of
Crossref's works on doi.org), clean titles, the right first authors, venues and
years, and the retracted works flagged; it is read back by bibtexparser and by
BibTeX 0.99d itself when installed."""

from __future__ import annotations

import json
import shutil

import bibtexparser
import pytest

from tests.bibliography.bibtex_reader import read_bibtex
from tests.cli.test_operator import run
from tests.fakes.apis import FakeWork
from tests.search.test_records import FIXTURES

pytestmark = pytest.mark.timeout(300)

QUESTION = "How does tidal heating warm the icy moons?"
EUROPA_TEXT = "Tidal dissipation in the ice shell of Europa heats its ocean, as tides flex the shell."
# DOI -> (first author's family name, year, journal): what the services' records say
EXPECTED = {
    "10.1016/j.icarus.2020.113000": ("Diele Viegas", 2020, "Icarus"),  # OpenAlex said "\x98The\x9c Icarus journal"
    "10.1038/s41586-023-01234-5": ("Strekas", 2023, "Nature"),  # OpenAlex's primary location: arXiv
    "10.1029/2019je006123": ("van der Berg", 2019, "Journal of Geophysical Research: Planets"),
    "10.1177/20539517231234567": ("Bera", 2023, "Big Data & Society"),
    "10.3847/psj/abc123": ("de la Cruz", 2021, "The Planetary Science Journal"),
    "10.1016/j.pss.2018.05.004": ("Shazeer", 2018, "Planetary and Space Science"),
    "10.1093/mnras/staa1234": ("von Neumann", 2020, "Monthly Notices of the Royal Astronomical Society"),
    "10.1126/science.abc4567": ("Hopper", 2022, "Science"),
    "10.1103/physrevd.109.012345": ("van der Berg", 2024, "Physical Review D"),  # arXiv's record, Crossref's venue
    "10.1016/j.epsl.2017.01.001": ("Noether", 2017, "Earth and Planetary Science Letters"),
    "10.1038/s41593-019-0001-1": ("Diele Viegas", 2019, "Nature neuroscience"),
}
RETRACTED = {"10.1038/s41586-023-01234-5", "10.1038/s41593-019-0001-1"}


@pytest.fixture
def services(openai_server, scholarly_apis):
    fakes, urls = scholarly_apis
    arxiv = urls["arxiv"]
    # full texts the records point at are served here, never fetched from arxiv.org
    local = {
        b"https://arxiv.org/pdf/": f"{arxiv}/pdf/".encode(),
        b"http://arxiv.org/pdf/": f"{arxiv}/pdf/".encode(),
    }

    def recorded(name: str) -> bytes:
        body = (FIXTURES / name).read_bytes()
        for remote, here in local.items():
            body = body.replace(remote, here)
        return body

    fakes["crossref"].raw["/works"] = (recorded("crossref-tides.json"), "application/json")
    fakes["openalex"].raw["/works"] = (recorded("openalex.json"), "application/json")
    fakes["semanticscholar"].raw["/graph/v1/paper/search"] = (recorded("semanticscholar.json"), "application/json")
    fakes["arxiv"].raw["/api/query"] = (recorded("arxiv.xml"), "application/atom+xml")
    fakes["arxiv"].fulltexts = {"2304.01234": EUROPA_TEXT, "2401.01234v2": "Tidal Love numbers of icy moons."}
    fakes["pubmed"].works = [FakeWork("listed by esearch", pmid="31234567")]
    fakes["pubmed"].raw["/efetch.fcgi"] = (recorded("pubmed.xml"), "text/xml")
    openai_server.fake.cite_sections = 20  # a model that cites every section it was given
    yield {
        **{f"DEEPREF_{name.upper()}_URL": url for name, url in urls.items()},
        "DEEPREF_LLM_BASE_URL": openai_server.v1,
        "DEEPREF_LLM_API_KEY": openai_server.api_key,
        "DEEPREF_LLM_MODEL": "fake",
        "DEEPREF_FETCH_ALLOW": '["loopback"]',
    }


def test_a_new_users_academic_bibtex(services, tmp_path):
    out = run("research", QUESTION, "--provider", "academic", "--format", "bibtex", env=services)
    assert out.returncode == 0, out.stderr
    bib = out.stdout
    library = bibtexparser.parse_string(bib)
    assert not library.failed_blocks, [b.error for b in library.failed_blocks]
    entries = {e["doi"]: e for e in library.entries if "doi" in e.fields_dict}
    assert len(entries) >= 8, sorted(entries)
    for doi, entry in entries.items():
        family, year, journal = EXPECTED[doi]
        assert entry["author"].split(" and ")[0].startswith(f"{family}, "), (doi, entry["author"])
        assert entry["year"] == str(year) and entry["journal"] == journal.replace("&", r"\&"), (doi, entry.fields_dict)
        title = entry["title"]
        assert not any(junk in title for junk in ("<", "&amp;", "&#", "\\$", "\x98", "\x9c", "NULL")), title
        assert ("note" in entry.fields_dict and entry["note"].startswith("Retracted")) == (doi in RETRACTED), doi
    titles = {doi: e["title"] for doi, e in entries.items()}
    assert (
        titles.get("10.1029/2019je006123", "Ocean tides on Enceladus \\& Titan") == r"Ocean tides on Enceladus \& Titan"
    )
    if "10.1016/j.pss.2018.05.004" in titles:
        assert titles["10.1016/j.pss.2018.05.004"].endswith("the role of Q₂")
    assert {e.key for e in library.entries} >= {k for k in ("dieleviegas2020heat", "strekas2023tidal") if k in bib}
    assert "NULL AUTHOR" not in bib and "anilk" not in bib

    if shutil.which("bibtex"):  # BibTeX itself reads every entry without a warning
        assert [e["KEY"] for e in read_bibtex(bib, tmp_path)] == [e.key for e in library.entries]


def test_the_json_flags_the_retracted_works_in_their_references(services):
    out = run("research", QUESTION, "--provider", "academic", "--format", "json", env=services)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    flagged = {r["doi"]: r["notice"] for r in result["references"] if r.get("notice")}
    assert flagged and set(flagged) <= RETRACTED and set(flagged.values()) == {"retracted"}
    europa = next(s for s in result["sources"] if s.get("doi") == "10.1038/s41586-023-01234-5")
    assert (europa["notice"], europa["notice_doi"], europa["venue"]) == (
        "retracted", "10.1038/s41586-024-09999-9", "Nature"
    )  # fmt: skip
