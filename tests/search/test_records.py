"""Records as the services send them, read as a reader writes them (issue 32, items 3 and 4).

Each provider client reads a recorded answer shaped like its service's real one
(tests/fixtures/scholarly: Crossref's JSON with JATS abstracts, ``<scp>`` and ``&amp;``;
OpenAlex's with a stale arXiv primary location, "NULL AUTHOR_ID" and C1 characters;
arXiv's Atom with TeX; PubMed's XML with ``<sup>`` and a retraction; Semantic
Scholar's with an empty author; Wikipedia's search with highlight spans) from a
loopback server. The titles, venues, names and notices that come out are checked,
then the BibTeX a reference manager would import."""

from __future__ import annotations

from pathlib import Path

import bibtexparser
import pytest

from deepref.bibliography import Work, export
from deepref.bibliography.works import split_name
from deepref.search.arxiv import ArxivProvider
from deepref.search.crossref import CrossrefProvider
from deepref.search.merge import merge_hits
from deepref.search.models import SearchHit
from deepref.search.openalex import OpenAlexProvider
from deepref.search.pubmed import PubMedProvider
from deepref.search.records import plain, tex
from deepref.search.semanticscholar import SemanticScholarProvider
from deepref.search.wikipedia import WikipediaProvider
from tests.fakes.apis import FakeWork
from tests.fakes.encyclopedic import FakeWikipedia
from tests.fakes.scholarly import FakeArxiv, FakeCrossref, FakeOpenAlex, FakePubMed, FakeSemanticScholar

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scholarly"


async def hits_of(provider_cls, fake, path: str, fixture: str, content_type: str, serve, sleeps, **kw):
    fake.raw[path] = ((FIXTURES / fixture).read_bytes(), content_type)
    provider = provider_cls(serve(fake), sleep=sleeps, backoff=0.01, **kw)
    try:
        return await provider.search("anything", max_results=10)
    finally:
        await provider.close()


async def test_crossref_markup_entities_structured_names_and_notices(serve, sleeps):
    hits = await hits_of(CrossrefProvider, FakeCrossref(), "/works", "crossref.json", "application/json", serve, sleeps)
    treebase, platform, correction = hits
    assert treebase.title == "Treebase: trees of Phragmites australis"
    assert treebase.venue == "Systematic Biology & Evolution"
    assert treebase.abstract.startswith("Abstract We describe Treebase, a repository")
    assert "Phragmites australis & relatives, with CO₂ uptake" in treebase.abstract
    assert treebase.authors == ("Diele Viegas, Mariana", "van der Berg, Jan", "Treebase Consortium")
    assert (treebase.notice, treebase.notice_doi) == ("retracted", "10.1111/sysb.99999")  # Crossmark updated-by
    assert platform.title == "Platform data & the public interest"  # "&amp;amp;": one level of escaping is text
    assert platform.venue == "Big Data & Society"
    assert platform.authors == ("Bera, Anil K.", "Strekas")
    # corrected twice over: its relation says so, and the correction notice in the same answer updates it
    assert (platform.notice, platform.notice_doi) == ("corrected", "10.1177/20539517241111111")
    assert correction.notice is None and correction.title == "Correction to “Platform data & the public interest”"


async def test_openalex_stale_venue_placeholders_control_characters_and_retraction(serve, sleeps):
    hits = await hits_of(OpenAlexProvider, FakeOpenAlex(), "/works", "openalex.json", "application/json", serve, sleeps)
    europa, io = hits
    assert europa.title == "Tidal dissipation in Europa's ice shell"
    assert europa.venue == "Nature" and europa.kind == "article-journal"  # the DOI's, not arXiv's primary location
    assert europa.authors == ("T C Strekas", "María de la Cruz")  # "NULL AUTHOR_ID" dropped
    assert europa.notice == "retracted" and europa.arxiv_id == "2304.01234"
    assert io.venue == "The Icarus journal"  # U+0098 and U+009C gone
    assert io.authors == ("Anil K. Bera",)  # the empty name dropped


async def test_arxiv_tex_is_text(serve, sleeps):
    [hit] = await hits_of(ArxivProvider, FakeArxiv(), "/api/query", "arxiv.xml", "application/atom+xml", serve, sleeps)
    assert hit.title == "ωTest: a robust test of H₀ at 10⁻³ precision"
    assert hit.abstract == "We measure ω with 50% less error & a new method."
    assert hit.authors == ("Jan van der Berg", "Kurt Gödel")
    assert hit.doi == "10.1103/physrevd.109.012345"


async def test_pubmed_inline_markup_names_and_retraction(serve, sleeps):
    fake = FakePubMed()
    fake.works = [FakeWork("listed by esearch", pmid="31234567")]
    [hit] = await hits_of(PubMedProvider, fake, "/efetch.fcgi", "pubmed.xml", "text/xml", serve, sleeps)
    assert hit.title == "Ca²⁺ signalling in Drosophila neurons"  # MEDLINE's closing period gone
    assert hit.abstract == "Neurons use Ca²⁺ & cAMP. Signals rise 2-fold."
    assert hit.authors == ("Diele Viegas, Mariana", "Strekas, T C", "Drosophila Neuro Consortium")
    assert hit.notice == "retracted" and hit.venue == "Nature neuroscience"


async def test_semantic_scholar_and_wikipedia(serve, sleeps):
    [paper] = await hits_of(
        SemanticScholarProvider, FakeSemanticScholar(), "/graph/v1/paper/search", "semanticscholar.json",
        "application/json", serve, sleeps,
    )  # fmt: skip
    assert paper.authors == ("Ashish Vaswani", "Noam M. Shazeer") and paper.fulltext_url is None
    assert paper.venue == "Neural Information Processing Systems" and paper.arxiv_id == "1706.03762"
    page, *_ = await hits_of(
        WikipediaProvider, FakeWikipedia(), "/w/api.php", "wikipedia.json", "application/json", serve, sleeps
    )
    assert (
        page.snippet
        == 'Tidal heating (also known as tidal working) occurs through the "tidal friction" processes & more'
    )


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        ("<mml:math><mml:msub><mml:mi>H</mml:mi>\n<mml:mn>0</mml:mn></mml:msub></mml:math> tension", "H₀ tension"),
        ("T<sub>c</sub> of <sup>3</sup>He", "T_c of ³He"),
        ("p < 0.05 & q>1", "p < 0.05 & q>1"),  # a "<" that opens no tag is text
        ("bad\x00\x1b\x85\ufdd0\U0001fffe bytes", "bad bytes"),
        ("<b>unclosed <i>tags", "unclosed tags"),
        ("<" * 5000 + "a", "<" * 5000 + "a"),
        ("x<!-- a comment -->y<!-- unclosed", "xy"),
        ("<i>" * 100 + "deep" + "</i>" * 100, "deep"),
    ],
)
def test_markup_to_text(raw, text):
    assert plain(raw) == text


def test_tex_leaves_plain_text_alone_and_keeps_percent_and_ampersand():
    assert tex("50% of A & B #1") == "50% of A & B #1"
    assert tex(r"\textit{x} and $\alpha$-decay") == "x and α-decay"


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("Anil K. Bera", {"family": "Bera", "given": "Anil K."}),
        ("T C Strekas", {"family": "Strekas", "given": "T C"}),
        ("Jan van der Berg", {"family": "van der Berg", "given": "Jan"}),
        ("María de la Cruz", {"family": "de la Cruz", "given": "María"}),
        ("Diele Viegas, Mariana", {"family": "Diele Viegas", "given": "Mariana"}),
        ("Martin Luther King Jr.", {"family": "King", "given": "Martin Luther", "suffix": "Jr."}),
        ("Treebase Consortium", {"literal": "Treebase Consortium"}),
        ("ATLAS Collaboration", {"literal": "ATLAS Collaboration"}),
    ],
)
def test_names_split_as_a_reader_would(name, parts):
    assert split_name(name) == parts


def test_the_dois_own_record_gives_the_venue_and_structured_names_win():
    """OpenAlex first (its primary location: arXiv), Crossref's record of the same DOI second."""
    openalex = SearchHit(
        "https://arxiv.org/abs/2304.01234", "T", "", "openalex", "q", 1, scholarly=True, doi="10.1038/x",
        venue="arXiv (Cornell University)", authors=("Mariana Diele Viegas",), notice="retracted",
    )  # fmt: skip
    crossref = SearchHit(
        "https://doi.org/10.1038/x", "T", "", "crossref", "q", 1, scholarly=True, doi="10.1038/x", venue="Nature",
        authors=("Diele Viegas, Mariana",), notice="corrected",
    )  # fmt: skip
    [work] = merge_hits([[openalex], [crossref]], limit=10, max_per_host=3)
    assert (work.venue, work.authors, work.notice) == ("Nature", ("Diele Viegas, Mariana",), "retracted")


async def test_the_bibtex_of_real_records_reads_back_as_typed(serve, sleeps):
    crossref = await hits_of(
        CrossrefProvider, FakeCrossref(), "/works", "crossref.json", "application/json", serve, sleeps
    )
    arxiv = await hits_of(ArxivProvider, FakeArxiv(), "/api/query", "arxiv.xml", "application/atom+xml", serve, sleeps)
    works = [
        Work(h.title, h.url, authors=h.authors, issued=str(h.year), doi=h.doi, kind=h.kind, venue=h.venue,
             eprint=h.arxiv_id, notice=h.notice, notice_doi=h.notice_doi)
        for h in [*crossref[:2], *arxiv]
    ]  # fmt: skip
    bib = export(works, "bibtex").text
    library = bibtexparser.parse_string(bib)
    assert not library.failed_blocks
    treebase, platform, omega = library.entries
    assert [e.key for e in library.entries] == ["dieleviegas2019treebase", "bera2023platform", "berg2024test"]
    assert treebase["title"] == "Treebase: trees of Phragmites australis"
    assert treebase["author"] == "Diele Viegas, Mariana and van der Berg, Jan and {Treebase Consortium}"
    assert treebase["journal"] == r"Systematic Biology \& Evolution"
    assert treebase["note"] == "Retracted (notice: https://doi.org/10.1111/sysb.99999)"
    assert platform["note"].startswith("Corrected")
    assert omega["title"] == "ωTest: a robust test of H₀ at 10⁻³ precision" and "\\$" not in bib
    assert "&amp;" not in bib and "\x98" not in bib and "<" not in bib
    apa = export(works, "apa").text
    assert "[Retracted (notice: https://doi.org/10.1111/sysb.99999)]" in apa and "[Corrected" in apa
    assert "Diele Viegas, M., van der Berg, J., & Treebase Consortium. (2019)" in apa


def test_every_export_carries_the_notice_and_no_control_character():
    """A Work built by a caller (a stored result, a report) is cleaned at the export too:
    C1 characters and non-characters reach no file; the notice is in each format's note."""
    import json

    import rispy

    work = Work(
        "Heat\x98 flow\ufdd0", "https://doi.org/10.1016/x.1", authors=("Anil K. Bera",), venue="\x98The\x9c Icarus",
        issued="2020", doi="10.1016/x.1", kind="article-journal", notice="retracted", notice_doi="10.1016/notice.1",
    )  # fmt: skip
    bib, ris, csl = (export([work], fmt).text for fmt in ("bibtex", "ris", "csl-json"))
    for text in (bib, ris, csl):
        assert not any(c in text for c in "\x98\x9c\ufdd0"), text
    [entry] = bibtexparser.parse_string(bib).entries
    assert (entry.key, entry["title"], entry["journal"]) == ("bera2020heat", "Heat flow", "The Icarus")
    assert rispy.loads(ris)[0]["notes"] == ["Retracted (notice: https://doi.org/10.1016/notice.1)"]
    assert json.loads(csl)[0]["note"] == "Retracted (notice: https://doi.org/10.1016/notice.1)"
