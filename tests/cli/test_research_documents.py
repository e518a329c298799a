"""``deepref research --corpus`` on a folder of PDFs: references name and link the page."""

from __future__ import annotations

import json

from tests.cli.test_research import run
from tests.search.documents.makers import make_pdf

SENTENCES = [
    "The river survey counted forty-two otters along the northern bank of the Wenning.",
    "Nitrate levels in the Stocks reservoir doubled between March and August.",
    "The parish committee recommended a ban on motorboats above the Hornby weir.",
    "Volunteers planted three thousand willow saplings in the Wenning floodplain.",
]


def test_pdf_corpus_reference_names_and_links_the_page(tmp_path):
    (tmp_path / "report.pdf").write_bytes(make_pdf(SENTENCES))
    (tmp_path / "scan-me.docx").write_bytes(b"PK\x03\x04 broken")  # named and skipped, the job goes on
    out = run("research", "What did the parish committee recommend about motorboats?", "--corpus", str(tmp_path),
              "--format", "json")  # fmt: skip
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    refs = [r for r in data["references"] if "motorboats" in r["quote"]]
    assert refs, data["references"]
    ref = refs[0]
    assert ref["locator"]["kind"] == "page" and ref["locator"]["text"] == "p. 3"
    assert ref["url"].startswith("file://") and ref["url"].endswith("report.pdf")
    md = run("research", "What did the parish committee recommend about motorboats?", "--corpus", str(tmp_path))
    assert md.returncode == 0, md.stderr
    assert "report.pdf#page=3)" in md.stdout and "([p. 3](file://" in md.stdout  # the quote links its page
    assert ref["link"] == ref["url"] + "#page=3"
