"""``deepref research --format pdf|docx --output FILE`` in a subprocess on a folder of
PDFs (footnotes link the page: ``#page=``), each file read back by pypdf and
python-docx. A report run's ``report.pdf`` and ``report.docx``: tests/reports/test_run_local.py."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_research import run
from tests.export.readers import read_docx, read_pdf, squash
from tests.search.documents.makers import make_pdf

pytestmark = pytest.mark.timeout(300)

SENTENCES = [
    "The river survey counted forty-two otters along the northern bank of the Wenning.",
    "Nitrate levels in the Stocks reservoir doubled between March and August.",
    "The parish committee recommended a ban on motorboats above the Hornby weir.",
    "Volunteers planted three thousand willow saplings in the Wenning floodplain.",
]
QUESTION = "What did the parish committee recommend about motorboats?"


def test_research_writes_a_pdf_and_a_docx_whose_notes_open_the_page(tmp_path):
    corpus = tmp_path / "corpus"  # the files written go beside it, not into it
    corpus.mkdir()
    (corpus / "survey.pdf").write_bytes(make_pdf(SENTENCES))
    out = run("research", QUESTION, "--corpus", str(corpus), "--format", "json")
    assert out.returncode == 0, out.stderr
    refs = json.loads(out.stdout)["references"]
    quotes = {" ".join(r["quote"].split()) for r in refs}
    page_link = next(r["url"] + "#page=3" for r in refs if "motorboats" in r["quote"])
    assert page_link.startswith("file://")

    pdf_path, docx_path = tmp_path / "answer.pdf", tmp_path / "answer.docx"
    made = run("research", QUESTION, "--corpus", str(corpus), "--format", "pdf", "--output", str(pdf_path))
    assert made.returncode == 0, made.stderr
    assert f"wrote {pdf_path}" in made.stderr and made.stdout == ""
    pdf = read_pdf(pdf_path.read_bytes())
    assert QUESTION in pdf.text.replace("\n", " ")
    assert all(squash(q) in squash(pdf.text) for q in quotes)
    assert page_link in pdf.uris

    made = run("research", QUESTION, "--corpus", str(corpus), "--format", "docx", "-o", str(docx_path))
    assert made.returncode == 0, made.stderr
    docx = read_docx(docx_path.read_bytes())
    in_notes = " ".join(f.text for f in docx.footnotes)
    assert all(q in in_notes for q in quotes)
    assert page_link in {h for f in docx.footnotes for h in f.hrefs}
    assert len(docx.footnotes) == len(docx.references_in_text) >= 1


def test_a_document_format_without_output_fails_before_research():
    out = run("research", QUESTION, "--format", "pdf")
    assert out.returncode != 0
    assert "--format pdf writes a file: add --output FILE" in out.stderr
    assert "[ 10%]" not in out.stderr  # refused before searching


def test_output_writes_text_formats_too(tmp_path):
    question = "How do footnotes in deepref point at the exact supporting passage?"
    out = run("research", question, "--corpus", "examples/corpus", "--format", "md", "-o", str(tmp_path / "a.md"))
    assert out.returncode == 0, out.stderr
    assert out.stdout == "" and "[^1]: [How deepref footnotes work](file://" in (tmp_path / "a.md").read_text()
