from __future__ import annotations

import gzip
import json

import pytest

from reference.errors import ExtractError
from tests.fakes.site import PAGES, PDF_LINES, make_pdf
from worker.extract import decode, extract
from worker.fetch import FetchedPage


def page(body: bytes, content_type: str = "text/html", charset: str | None = None, url: str = "https://x.example/a"):
    return FetchedPage(url, url, 200, content_type, body, charset)


def test_article_main_text_without_boilerplate():
    doc = extract(page((PAGES / "article.html").read_bytes(), charset="utf-8"), doc_id="1")
    assert doc.title == "Tidal Power Explained"
    assert "The La Rance tidal power station in Brittany, France, opened in 1966" in doc.text
    assert "Tidal stream generators work like underwater wind turbines" in doc.text  # list items kept
    assert "Sihwa Lake" in doc.text and "254 MW" in doc.text  # table kept
    for boilerplate in ("Accept all cookies", "All rights reserved", "Privacy policy"):
        assert boilerplate not in doc.text


def test_chinese_page():
    doc = extract(page((PAGES / "chinese.html").read_bytes()), doc_id="2")
    assert "韩国始华湖潮汐发电站于二零一一年投入使用" in doc.text


def test_charset_from_meta_only():
    raw = (PAGES / "cp1252.html").read_bytes()
    assert b"caf\xe9" in raw
    doc = extract(page(raw), doc_id="3")
    assert "café in Saint-Malo" in doc.text and "“tidal heating”" in doc.text


def test_charset_guess_without_declaration():
    text = "Grüße aus Köln, wo die Straßen breit sind und das Wetter schön ist. " * 5
    assert decode(text.encode("latin-1"), None).startswith("Grüße aus Köln")


def test_pdf_recognised_by_bytes():
    doc = extract(
        page(make_pdf(PDF_LINES), content_type="application/octet-stream", url="https://x.example/doc"), doc_id="4"
    )
    assert doc.content_type == "application/pdf"
    assert "Swansea Bay" in doc.text


def test_malformed_and_empty_inputs():
    doc = extract(
        page(
            b"<html><body><p>Unclosed <b>bold <i>tags everywhere, yet the text of this paragraph "
            b"is long enough to count as the main content of a page."
        ),
        doc_id="5",
    )
    assert "Unclosed" in doc.text
    with pytest.raises(ExtractError) as info:
        extract(page(b"<html><body></body></html>"), doc_id="6")
    assert info.value.reason == "no-text"
    with pytest.raises(ExtractError) as info:
        extract(page(b"%PDF-1.4 garbage"), doc_id="7")
    assert info.value.reason == "malformed-pdf"


def test_plain_text_passes_through():
    doc = extract(page(b"Line one.\r\nLine two.", content_type="text/plain"), doc_id="8")
    assert doc.text == "Line one.\nLine two." and doc.title == "Line one."


@pytest.mark.data
def test_extraction_quality_on_the_benchmark_sample(shared_data):
    """Phrases of the gold text must appear in our extraction (a sample, for speed)."""
    root = shared_data / "article-extraction-benchmark"
    truth = json.loads((root / "ground-truth.json").read_text())
    found = total = 0
    for key in sorted(truth)[:15]:
        html = gzip.decompress((root / "html" / f"{key}.html.gz").read_bytes())
        try:
            doc = extract(page(html, url=truth[key]["url"]), doc_id=key)
        except ExtractError:
            continue
        gold = [s.strip() for s in truth[key]["articleBody"].split(". ") if 40 < len(s.strip()) < 200][:5]
        total += len(gold)
        found += sum(" ".join(s.split()) in " ".join(doc.text.split()) for s in gold)
    assert total and found / total > 0.7
