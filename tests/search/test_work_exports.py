"""A scholarly work's metadata in BibTeX, RIS, CSL-JSON, APA and Chicago, read back by
each format's own parser; the escaping rules of web pages still hold."""

from __future__ import annotations

import json

import bibtexparser
import rispy

from deepref.bibliography import Work, export

PAPER = Work(
    "Attention Is All You Need",
    "https://papers.example.org/7181",
    ("Ashish Vaswani", "Noam Shazeer"),
    issued="2017",
    doi="10.5555/3295222.3295349",
    kind="paper-conference",
    venue="Advances in Neural Information Processing Systems 30",
    eprint="1706.03762",
)
PREPRINT = Work(
    "Scaling {laws} & 100% of_tokens",
    "https://arxiv.org/abs/2001.08361",
    ("Jared Kaplan",),
    issued="2020",
    doi="10.48550/arxiv.2001.08361",
    kind="article",
    venue="arXiv",
    eprint="2001.08361",
)
TRIAL = Work(
    "A trial",
    "https://pubmed.ncbi.nlm.nih.gov/29000001/",
    ("Ada Lovelace",),
    issued="2019",
    doi="10.1000/x_y(2019)",
    kind="article-journal",
    venue="The Lancet",
    pmid="29000001",
)


def test_bibtex_entry_types_and_identifiers():
    library = bibtexparser.parse_string(export([PAPER, PREPRINT, TRIAL], "bibtex").text)
    assert not library.failed_blocks
    paper, preprint, trial = library.entries
    assert (paper.entry_type, paper["booktitle"], paper["doi"], paper["eprint"]) == (
        "inproceedings",
        "Advances in Neural Information Processing Systems 30",
        "10.5555/3295222.3295349",
        "1706.03762",
    )
    assert paper["archiveprefix"] == "arXiv"
    assert (preprint.entry_type, preprint["howpublished"]) == ("misc", "arXiv")
    assert preprint["title"] == r"Scaling \{laws\} \& 100\% of\_tokens"  # the title rules of #23 still apply
    assert (trial.entry_type, trial["journal"], trial["pmid"]) == ("article", "The Lancet", "29000001")
    assert trial["doi"] == "10.1000/x_y(2019)"  # verbatim, as biblatex reads doi


def test_ris_and_csl_carry_type_venue_and_doi():
    paper, preprint, trial = rispy.loads(export([PAPER, PREPRINT, TRIAL], "ris").text)
    assert (paper["type_of_reference"], paper["doi"]) == ("CPAPER", PAPER.doi)
    assert paper["secondary_title"] == PAPER.venue
    assert trial["type_of_reference"] == "JOUR" and trial["accession_number"] == "PMID:29000001"
    assert preprint["accession_number"] == "arXiv:2001.08361"
    items = json.loads(export([PAPER, PREPRINT, TRIAL], "csl-json").text)
    assert [i["type"] for i in items] == ["paper-conference", "article", "article-journal"]
    assert [i["DOI"] for i in items] == [PAPER.doi, PREPRINT.doi, TRIAL.doi]
    assert items[1]["number"] == "arXiv:2001.08361" and "number" not in items[0]
    assert items[2]["PMID"] == "29000001"


def test_apa_prints_a_real_reference():
    apa = export([TRIAL], "apa").text
    assert apa.startswith("Lovelace, A. (2019). A trial. The Lancet")
    assert "https://doi.org/10.1000/x_y(2019)" in apa
