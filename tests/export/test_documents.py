"""PDF and DOCX of results and report runs (export/), opened by independent readers
(pypdf; python-docx and the raw XML; LibreOffice when installed): the text is there,
every quote is in a note, and every link is live (its URI is the source's URL, with
``#page=`` for a quote on a PDF page)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from urllib.parse import quote

import pytest

from deepref.export import (
    MEDIA_TYPES,
    ExportUnavailable,
    check_available,
    document_from_report,
    document_from_result,
    render,
)
from deepref.export.model import link_of
from tests.export.readers import read_docx, read_pdf, squash
from tests.fakes.exportable import report, result

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def multilingual():
    """A report of English, Chinese, Arabic and Hebrew sections (and a failed one), with
    its files: laid out once for the module (a PDF takes seconds here)."""
    doc = document_from_report(report(4))
    return doc, render(doc, "pdf"), render(doc, "docx")


def as_uri(iri: str) -> str:
    """A link as a PDF holds it: URIs are ASCII, so non-ASCII characters percent-encoded (RFC 3987)."""
    return quote(iri, safe=":/?#[]@!$&'()*+,;=%")


def _expected_links(doc) -> set[str]:
    links = (
        {s.link for s in doc.sources} | {q.link for q in doc.quotes()} | {n.link for s in doc.sections for n in s.notes}
    )
    return {x for x in links if x}


def test_every_marker_has_a_note_and_every_quote_is_in_one():
    rep = report(4)
    doc = document_from_report(rep)
    for section in doc.sections:
        assert len(section.notes) == len(section.markers)
        assert [n.n for n in section.notes] == [m[2] for m in section.markers]  # the report-wide numbers
    quotes_cited = {" ".join(r["quote"].split()) for r in rep["references"]}
    assert {q.text for q in doc.quotes()} == quotes_cited
    # each claim's note holds the quote of that claim (not only its source's first)
    first = doc.sections[0]
    assert [q.text for q in first.notes[2].quotes] == [
        'A lagoon impounds water behind a "sea wall" {and} releases it through turbines.'
    ]
    assert first.notes[1].quotes[0].link == "https://archive.example.org/papers/rance.pdf#page=3"
    assert first.notes[1].quotes[0].where == "p. 3"


def test_the_pdf_has_the_text_a_note_for_every_quote_and_live_links(multilingual):
    doc, pdf, _ = multilingual
    assert pdf.startswith(b"%PDF-")
    facts = read_pdf(pdf)
    text = squash(facts.text)
    for section in doc.sections:
        assert squash(section.heading) in text
    assert squash("Tidal power converts the rise and fall of the sea into electricity.") in text
    assert squash("潮汐能利用海水涨落发电。") in text
    assert squash("تحول الطاقة المدية حركة المد والجزر إلى كهرباء") in text
    assert squash("אנרגיית גאות ושפל מפיקה חשמל מתנועת המים") in text
    assert "This question failed: no search provider answered" in facts.text
    for q in doc.quotes():
        assert squash(q.text) in text, q.text
    # footnotes, not endnotes: the first claim's quote is on the page of its marker
    assert squash(doc.sections[0].notes[0].quotes[0].text) in squash(facts.pages[0])
    assert set(facts.uris) == {as_uri(x) for x in _expected_links(doc)}  # every link present, none other
    assert "https://archive.example.org/papers/rance.pdf#page=3" in facts.uris
    assert "https://costs.example.org/report-2024.pdf#page=12" in facts.uris
    assert facts.internal_links >= sum(len(s.markers) for s in doc.sections)  # [n] -> the reference list
    # the outline (bookmarks) and a printed table of contents
    assert {"Tidal power brief", "References", *(s.heading for s in doc.sections)} <= set(facts.outline)
    assert "Contents" in facts.pages[0]


def test_the_docx_has_headings_real_footnotes_with_every_quote_and_live_links(multilingual):
    doc, _, data = multilingual
    facts = read_docx(data)
    assert "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml" in facts.content_types
    assert ("Title", "Tidal power brief") in facts.headings
    assert [t for s, t in facts.headings if s == "Heading 1"] == [*(s.heading for s in doc.sections), "References"]
    markers = [m for s in doc.sections for m in s.markers]
    assert len(facts.references_in_text) == len(markers) == len(facts.footnotes)
    assert sorted(facts.references_in_text) == sorted(f.id for f in facts.footnotes)  # each reference has its note
    notes = [n for s in doc.sections for n in s.notes]
    by_id = {f.id: f for f in facts.footnotes}
    for ref_id, note in zip(facts.references_in_text, notes, strict=True):
        footnote = by_id[ref_id]
        assert footnote.text.startswith(f" [{note.n}] {note.title}")
        for q in note.quotes:
            assert q.text in footnote.text
            if q.where:
                assert q.where in footnote.text and q.link in footnote.hrefs
        assert note.link in footnote.hrefs  # the source's title links to it
    footnote_links = {h for f in facts.footnotes for h in f.hrefs}
    assert footnote_links | set(facts.body_hrefs) == _expected_links(doc)
    assert "潮汐能利用海水涨落发电。" in facts.body and "אנרגיית גאות ושפל מפיקה חשמל מתנועת המים." in facts.body


def test_right_to_left_paragraphs_are_bidi_in_the_docx():
    data = render(document_from_result(result("ar")), "docx")
    import io
    import zipfile

    xml = zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml").decode()
    assert "<w:bidi/>" in xml and "<w:rtl/>" in xml


def test_a_single_result_exports_with_markdown_structure():
    r = result("en")
    r.answer = "## Overview\n\n" + r.answer.replace("\n\n", "\n\n- ")
    r.markers = [(s + 14, e + 14, n) for s, e, n in r.markers]
    doc = document_from_result(r)
    facts = read_docx(render(doc, "docx"))
    assert ("Heading 2", "Overview") in facts.headings
    assert len(facts.footnotes) == len(r.markers)
    pdf = read_pdf(render(doc, "pdf"))
    assert "Overview" in pdf.outline and "Contents" not in pdf.text  # a short answer needs no contents


def test_unsafe_links_are_never_written():
    r = result("en")
    for ref in r.references:
        ref.url = "javascript:alert(1)"
    r.answer += "\n\nSee [this](javascript:alert(2)) and ![img](http://tracker.example/x.png)."
    doc = document_from_result(r)
    pdf = read_pdf(render(doc, "pdf"))
    assert not [u for u in pdf.uris if u.startswith("javascript")]
    assert "http://tracker.example/x.png" in pdf.uris  # an image becomes a link, never loaded
    facts = read_docx(render(doc, "docx"))
    assert not [h for f in facts.footnotes for h in f.hrefs if h.startswith("javascript")]
    assert not [h for h in facts.body_hrefs if h.startswith("javascript")]


def test_local_documents_link_their_file_and_page():
    assert (
        link_of("file:///srv/corpus/a.pdf", {"kind": "page", "first": 4, "last": 4})
        == "file:///srv/corpus/a.pdf#page=4"
    )
    assert link_of("file://fileserver/share/a.pdf", None) == ""  # a file on another host: no link


def test_a_missing_extra_names_the_fix(monkeypatch):
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import fails as when not installed
    with pytest.raises(ExportUnavailable, match=r"pip install 'deepref\[export\]'"):
        check_available("pdf")
    with pytest.raises(ExportUnavailable, match="WeasyPrint"):
        render(document_from_result(result("en")), "pdf")
    monkeypatch.setitem(sys.modules, "docx", None)
    with pytest.raises(ExportUnavailable, match="python-docx"):
        render(document_from_result(result("en")), "docx")
    assert set(MEDIA_TYPES) == {"pdf", "docx"}


@pytest.mark.skipif(
    shutil.which("soffice") is None, reason="LibreOffice is not installed (scripts/test.sh installs it)"
)
def test_libreoffice_reads_the_docx_footnotes_and_links(multilingual, tmp_path):
    """A third reader: LibreOffice converts the DOCX to PDF; its text has every quote and
    its link annotations every link of the notes."""
    doc, _, data = multilingual
    (tmp_path / "report.docx").write_bytes(data)
    subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{tmp_path}/profile", "--headless", "--convert-to", "pdf",
         "--outdir", str(tmp_path), str(tmp_path / "report.docx")],
        check=True, capture_output=True, timeout=240,
    )  # fmt: skip
    facts = read_pdf((tmp_path / "report.pdf").read_bytes())
    text = squash(facts.text)
    for q in doc.quotes():
        assert squash(q.text) in text, q.text
    assert {as_uri(x) for x in _expected_links(doc)} <= {as_uri(u) for u in facts.uris}


def test_each_quote_and_note_is_laid_out_in_its_own_direction():
    """WeasyPrint reads no ``dir="auto"``: an Arabic quote in an English report is set
    right to left by an explicit ``dir``, an Arabic section too, an English one not."""
    from deepref.export.page import document_html

    page = document_html(document_from_report(report(4)))
    assert '<blockquote dir="rtl"><q>الطاقة المدية هي' in page
    assert '<blockquote dir="ltr"><q>Tidal power converts' in page
    assert '<div class="answer" lang="ar" dir="rtl">' in page and '<div class="answer" lang="en" dir="ltr">' in page
    assert '<span class="note" dir="rtl">' in page
