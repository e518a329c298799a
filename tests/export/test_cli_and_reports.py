"""``deepref research --format pdf|docx --output FILE`` in a subprocess on a folder of
PDFs (footnotes link the page: ``#page=``), and a report run writing ``report.pdf``
and ``report.docx``; each file read back by pypdf and python-docx."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deepref.reports.definitions import load_definitions
from deepref.reports.run import new_run, run_local
from deepref.reports.store import ReportStore
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


CORPUS = Path(__file__).resolve().parents[2] / "examples" / "corpus"
DEFS = f"""
reports:
  - name: brief
    title: deepref brief
    questions:
      - How does deepref refuse requests to private addresses?
      - How are footnote numbers given to sources in deepref?
      - How does deepref answer without a language model?
    options: {{provider: local, corpus_dir: "{CORPUS}"}}
    formats: [md, json, pdf, docx]
"""


@pytest.fixture
def env(tmp_path, monkeypatch):
    from deepref.worker.settings import get_settings

    (tmp_path / "reports.yaml").write_text(DEFS)
    for key in [k for k in os.environ if k.startswith("DEEPREF_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("DEEPREF_EMBEDDER", "jaccard")
    monkeypatch.setenv("DEEPREF_REPORTS_DIR", str(tmp_path / "out"))
    get_settings.cache_clear()
    yield tmp_path
    get_settings.cache_clear()


async def test_a_report_run_writes_pdf_and_docx(env):
    definition = load_definitions(env / "reports.yaml")["brief"]
    store = ReportStore(env / "out")
    report = await run_local(new_run(definition, store), definition, store)
    folder = store.run_dir("brief", report["run"])
    assert {"report.md", "report.pdf", "report.docx"} <= {p.name for p in folder.iterdir()}
    assert "report.html" not in {p.name for p in folder.iterdir()}  # only the formats asked for
    saved = json.loads((folder / "report.json").read_text())
    quotes = {" ".join(r["quote"].split()) for r in saved["references"]}
    assert quotes and "warnings" not in saved

    pdf = read_pdf((folder / "report.pdf").read_bytes())
    assert all(squash(q) in squash(pdf.text) for q in quotes)
    assert [t for t in pdf.outline if t in definition.questions] == definition.questions
    assert {r["url"] for r in saved["references"]} <= set(pdf.uris)

    docx = read_docx((folder / "report.docx").read_bytes())
    assert [t for s, t in docx.headings if s == "Heading 1"] == [*definition.questions, "References"]
    in_notes = " ".join(f.text for f in docx.footnotes)
    assert all(q in in_notes for q in quotes)
    assert {r["url"] for r in saved["references"]} <= {h for f in docx.footnotes for h in f.hrefs}
    markers = sum(len(s["markers"]) for s in saved["sections"])
    assert len(docx.footnotes) == markers
