"""PDF text libraries compared: pypdfium2 (shipped), pdfminer.six and pypdf.

Speed in pages/s over real PDFs (Debian documentation packages' PDFs under
/usr/share/doc, plus the test fixtures), and word F1 against the source text on PDFs
generated with reportlab from real text (the repo's docs), with a running header and
footer on every page. ``python -m benchmarks pdf --libraries``. PyMuPDF is not
measured: AGPL. The clean-up measured is the text-based one the other readers use.
"""

from __future__ import annotations

import io
import re
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _pdfium(data: bytes) -> list[str]:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    return [pdf[i].get_textpage().get_text_bounded() for i in range(len(pdf))]


def _pypdf(data: bytes) -> list[str]:
    import pypdf

    return [p.extract_text() or "" for p in pypdf.PdfReader(io.BytesIO(data)).pages]


def _pdfminer(data: bytes) -> list[str]:
    from pdfminer.high_level import extract_text

    return extract_text(io.BytesIO(data)).split("\f")


LIBRARIES = {"pypdfium2": _pdfium, "pdfminer.six": _pdfminer, "pypdf": _pypdf}


def word_f1(got: str, want: str) -> float:
    """F1 of the words (lower-cased, with their counts) of ``got`` against ``want``."""
    g, w = Counter(re.findall(r"\w+", got.lower())), Counter(re.findall(r"\w+", want.lower()))
    common = sum((g & w).values())
    if not common:
        return 0.0
    p, r = common / sum(g.values()), common / sum(w.values())
    return 2 * p * r / (p + r)


def _generated() -> list[tuple[bytes, str]]:
    """PDFs made from the repo's docs (real prose), wrapped at 90 columns, with a running header/footer."""
    import textwrap

    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    out = []
    for md in sorted((REPO / "docs").glob("*.md"))[:6]:
        text = md.read_text(encoding="utf-8")
        text = re.sub(r"[^\x20-\x7e\n]", " ", text)  # the standard fonts cover Latin-1 only
        lines = [w for para in text.split("\n") for w in (textwrap.wrap(para, 90) or [""])]
        buf = io.BytesIO()
        c = canvas.Canvas(buf, pagesize=A4)
        for page, start in enumerate(range(0, len(lines), 55), start=1):
            c.setFont("Helvetica", 8)
            c.drawString(72, 810, "deepref documentation")
            c.drawString(280, 30, f"Page {page}")
            c.setFont("Helvetica", 9)
            for j, line in enumerate(lines[start : start + 55]):
                c.drawString(50, 780 - 13 * j, line)
            c.showPage()
        c.save()
        out.append((buf.getvalue(), "\n".join(lines)))
    return out


def main() -> int:
    from deepref.search.documents.cleanup import normalise, strip_running_lines

    real = [p.read_bytes() for p in sorted(Path("/usr/share/doc").rglob("*.pdf"))[:20]]
    real += [p.read_bytes() for p in sorted((REPO / "tests" / "fixtures" / "documents").glob("*.pdf"))]
    generated = _generated()
    print(f"{len(real)} real PDFs, {len(generated)} generated from docs/*.md")
    print(
        f"{'library':14} {'pages/s real':>12} {'pages/s gen':>12} {'word F1 raw':>12} {'F1 cleaned':>11} "
        f"{'header kept':>12}"
    )
    for name, fn in LIBRARIES.items():
        pages, started = 0, time.perf_counter()
        for data in real:
            try:
                pages += len(fn(data))
            except Exception:  # a library failing on a file is part of the comparison
                continue
        real_rate = pages / (time.perf_counter() - started)
        f1_raw, f1_clean, kept, gen_pages, started = [], [], 0, 0, time.perf_counter()
        for data, source in generated:
            texts = fn(data)
            gen_pages += len(texts)
            cleaned = strip_running_lines([normalise(t) for t in texts])
            body = re.sub(r"deepref documentation|Page \d+", " ", "\n".join(texts))
            f1_raw.append(word_f1(body, source))
            f1_clean.append(word_f1("\n".join(cleaned), source))
            kept += sum("deepref documentation" in t for t in cleaned)
        gen_rate = gen_pages / (time.perf_counter() - started)
        print(
            f"{name:14} {real_rate:12.1f} {gen_rate:12.1f} {sum(f1_raw) / len(f1_raw):12.3f} "
            f"{sum(f1_clean) / len(f1_clean):11.3f} {kept:>5}/{gen_pages:<6}"
        )
    return 0
