"""PDFs of known text in several layouts, for the PDF reading benchmark (issue 34).

The text is real prose (paragraphs of this repo's docs, markup stripped); reportlab
sets it in one column, two or three columns drawn line by line across the page (as
some layout programs write them, the case that interleaves columns in file order), or
as slides, with running headers whose number changes (and changes side on even
pages), footers with the page number inside text, and a vertical stamp in the margin.
Each PDF comes with its truth: the sentences, the page each one starts on, and the
running lines of each page."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)][.!?])\s+(?=[A-Z])")


@dataclass
class Truth:
    kind: str
    source: str
    data: bytes = b""
    # (sentence, page it starts on); on slides, not one running over a slide break (the
    # next slide's title sits inside it)
    sentences: list[tuple[str, int]] = field(default_factory=list)
    last_page: dict[str, int] = field(default_factory=dict)  # the page a sentence ends on
    running: list[list[str]] = field(default_factory=list)  # each page's running lines
    body: list[str] = field(default_factory=list)  # each page's body text


def prose(path: Path) -> list[str]:
    """A Markdown file's paragraphs of prose (no code, tables or headings), Latin-1 only
    (reportlab's standard fonts), markup removed."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    paragraphs = []
    for block in re.split(r"\n\s*\n", text):
        lines = [ln for ln in block.split("\n") if ln.strip()]
        if not lines or any(ln.lstrip().startswith(("|", "#", "    ", ">")) for ln in lines):
            continue
        para = " ".join(" ".join(lines).split())
        para = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", para)
        para = re.sub(r"^[-*\d.]+\s+", "", para).replace("`", "").replace("**", "").replace("*", "")
        para = para.encode("latin-1", "ignore").decode("latin-1")
        para = "".join(ch for ch in para if ch.isprintable())
        if len(para.split()) >= 12:
            paragraphs.append(para)
    return paragraphs


def sentences_of(paragraph: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(paragraph) if len(s.split()) >= 5]


def _fit(lines: list[str], size: float, column: float) -> list[str]:
    """Lines wider than the column (a word longer than it) cut where they reach its edge,
    as a typesetter would break them, so that no text runs into the next column."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out = []
    for line in lines:
        while stringWidth(line, "Helvetica", size) > column:
            cut = max(k for k in range(1, len(line)) if stringWidth(line[:k], "Helvetica", size) <= column)
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


def sources(split: str) -> list[Path]:
    """The docs files of a split: ``tune`` (the ones looked at while tuning, library.md
    among them) or ``held-out`` (never looked at while tuning)."""
    files = sorted(p for p in (REPO / "docs").glob("*.md") if len(prose(p)) >= 6)
    tune = [p for i, p in enumerate(files) if i % 2 == 0 or p.name == "library.md"]
    return tune if split == "tune" else [p for p in files if p not in tune]


KINDS = ("one column", "two columns", "three columns", "slides")


def _furniture(c: Any, kind: str, page: int, title: str, width: float, height: float, margin: float) -> list[str]:
    """Draw a page's running lines; returns them as the truth counts them."""
    header = f"{4770 + page} Deepref Manual / {title} / Vol. 3, No. {page + 10}"
    footer = f"-{page}- Notes on {title} (draft of {page % 28 + 1} March)"
    stamp = f"Downloaded from the county library on 2024-01-{page % 28 + 1:02d}"
    c.setFont("Helvetica", 8)
    if kind == "slides":
        c.drawString(margin, 30, footer)
        c.drawRightString(width - margin, 30, f"{page}")
        c.setFont("Helvetica-Bold", 26)
        c.drawString(margin, height - 70, f"{title} ({page})")
        return [footer]  # the slide number beside it is a lone digit, not countable in the text
    if page % 2:
        c.drawString(margin, height - 40, header)
    else:  # the number moves to the other end on even pages
        c.drawRightString(width - margin, height - 40, header.split(" ", 1)[1] + f" {4770 + page}")
    c.drawString(width / 2 - 60, 30, footer)
    c.saveState()
    c.translate(22, height / 2 - 100)
    c.rotate(90)
    c.drawString(0, 0, stamp)
    c.restoreState()
    return [header.split(" ", 1)[1], footer, stamp]


def make(kind: str, path: Path, max_pages: int = 12) -> Truth:
    """``path``'s prose set in the layout ``kind``, with its truth."""
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen import canvas

    columns = {"one column": 1, "two columns": 2, "three columns": 3, "slides": 1}[kind]
    slides = kind == "slides"
    width, height = landscape(A4) if slides else A4
    size, leading = (20, 28) if slides else (9.5, 13)
    margin, gutter = (60, 0) if slides else (56, 18)
    column = (width - 2 * margin - gutter * (columns - 1)) / columns
    top = height - (110 if slides else 80)
    rows = int((top - 60) / leading)
    lines: list[str] = []
    for para in prose(path):
        lines += [*_fit(simpleSplit(para, "Helvetica", size, column), size, column), ""]
    truth = Truth(kind, path.name)
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(width, height))
    title = path.stem.capitalize()
    page, at = 0, 0
    per_page = rows * columns
    placed: list[tuple[int, str]] = []  # (page, line) in reading order
    while at < len(lines) and page < max_pages:
        page += 1
        running = _furniture(c, kind, page, title, width, height, margin)
        truth.running.append(running)
        c.setFont("Helvetica", size)
        chunk = lines[at : at + per_page]
        at += per_page
        for row in range(rows):  # line by line across the columns
            for k in range(columns):
                i = k * rows + row
                if i < len(chunk) and chunk[i]:
                    c.drawString(margin + k * (column + gutter), top - leading * row, chunk[i])
        placed += [(page, ln) for ln in chunk]
        c.showPage()
    c.save()
    truth.data = buf.getvalue()
    truth.body = ["\n".join(ln for p, ln in placed if p == n) for n in range(1, page + 1)]
    # sentences and the page each starts on, from the placed lines
    stream, starts = "", []
    for p, ln in placed:
        starts.append((len(stream), p))
        # a line broken after a hyphen ("MiniLM-" / "L6-v2") joins without a space, as written
        stream += (ln if re.search(r"\w-$", ln) else ln + " ") if ln else "\n"
    pos = 0
    for para in stream.split("\n"):
        cursor = 0
        for sentence in sentences_of(para.strip()):
            k = para.find(sentence, cursor)
            if k < 0:
                continue
            cursor = k + len(sentence)
            first = max(p for s, p in starts if s <= pos + k)
            last = max(p for s, p in starts if s <= pos + k + len(sentence) - 1)
            if not slides or first == last:
                truth.sentences.append((sentence, first))
                truth.last_page[sentence] = last
        pos += len(para) + 1
    if slides:
        truth.body = [f"{title} ({n})\n{body}" for n, body in enumerate(truth.body, start=1)]
    return truth
