"""``deepref research --format bibtex|ris|csl-json`` and ``--style`` in a subprocess, read
back with the formats' parsers."""

from __future__ import annotations

import json
import re

import bibtexparser
import rispy

from tests.cli.test_research import QUESTION, run

CORPUS = ("--corpus", "examples/corpus")


def test_exports_of_an_embedded_research_import_cleanly():
    bib = run("research", QUESTION, *CORPUS, "--format", "bibtex")
    assert bib.returncode == 0, bib.stderr
    library = bibtexparser.parse_string(bib.stdout)
    assert library.failed_blocks == [] and library.entries
    entry = library.entries[0]
    assert entry["title"] == "How deepref footnotes work"
    assert entry["url"].startswith("file://") and entry["url"].endswith("examples/corpus/deepref-footnotes.md")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", entry["urldate"])  # the day the page was read

    ris = run("research", QUESTION, *CORPUS, "--format", "ris")
    assert ris.returncode == 0, ris.stderr
    records = rispy.loads(ris.stdout)
    assert [r["id"] for r in records] == [e.key for e in library.entries]
    assert records[0]["title"] == "How deepref footnotes work" and records[0]["type_of_reference"] == "ELEC"

    csl = run("research", QUESTION, *CORPUS, "--format", "csl-json")
    assert csl.returncode == 0, csl.stderr
    items = json.loads(csl.stdout)
    assert [i["id"] for i in items] == [e.key for e in library.entries]
    assert len(items[0]["accessed"]["date-parts"][0]) == 3


def test_style_writes_the_footnote_definitions_as_reference_entries():
    md = run("research", QUESTION, *CORPUS, "--style", "apa")
    assert md.returncode == 0, md.stderr
    definition = next(line for line in md.stdout.splitlines() if line.startswith("[^1]: "))
    # APA for a work with no author and no site: title, (n.d.), retrieval date, URL; then the quotes
    assert re.match(
        r"\[\^1\]: How deepref footnotes work\. \(n\.d\.\)\. Retrieved \w+ \d+, \d{4}, from <file://", definition
    )
    assert definition.count('"') >= 2

    page = run("research", QUESTION, *CORPUS, "--format", "html", "--style", "chicago-author-date")
    assert page.returncode == 0, page.stderr
    assert re.search(r'<li id="ref-1" value="1">How deepref footnotes work\. n\.d\. Accessed ', page.stdout)
    assert '<blockquote dir="auto">' in page.stdout  # a quote keeps its own writing direction

    text = run("research", QUESTION, *CORPUS, "--format", "text", "--style", "apa")
    assert text.returncode == 0 and "[1] How deepref footnotes work. (n.d.)." in text.stdout


def test_style_with_a_format_it_does_not_apply_to_fails_before_researching():
    out = run("research", QUESTION, *CORPUS, "--format", "bibtex", "--style", "apa")
    assert out.returncode == 2 and "--style applies to md, html and text" in out.stderr
    assert "searching" not in out.stderr  # nothing was researched
    unknown = run("research", QUESTION, *CORPUS, "--format", "endnote")
    assert unknown.returncode == 2 and "invalid choice" in unknown.stderr
