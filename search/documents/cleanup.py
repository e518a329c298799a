"""Text clean-up shared by the page readers: ligatures, hyphenation at line ends, and
running headers and footers (a line repeated at the top or bottom of most pages)."""

from __future__ import annotations

import re
from collections import Counter

LIGATURES = str.maketrans({"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"})
_LIGATURE = re.compile(f"[{''.join(map(chr, LIGATURES))}]")
# pdfium marks a hyphen it saw at a line end with \x02; other libraries leave "-\n"
_SOFT_BREAK = re.compile(r"\x02[ \t]*\n?[ \t]*|\u00ad[ \t]*\n[ \t]*")
# from the hyphen, looking behind it: a look-behind first is tried at every offset
_HARD_BREAK = re.compile(r"-(?<=[a-zà-ÿ]-)\n\s*(?=[a-zà-ÿ])")
_DIGITS = re.compile(r"\d+|\b[ivxlcdm]+\b", re.I)
EDGE_LINES = 2  # lines looked at on each end of a page
MIN_PAGES = 3  # running lines are only judged on documents this long


def normalise(text: str) -> str:
    """Ligatures spelt out, CRLF as LF, line-end hyphenation rejoined (``man-\\nagement``)."""
    if _LIGATURE.search(text):  # a scan for them is a tenth of the cost of translating every character
        text = text.translate(LIGATURES)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    text = _SOFT_BREAK.sub("", text)
    text = _HARD_BREAK.sub("", text)
    return text.replace("\x02", "-")


def _key(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.split()).lower())


def strip_running_lines(pages: list[str]) -> list[str]:
    """``pages`` without the lines that repeat at a page's top or bottom on at least half
    of the pages (page numbers count as equal: "Page 3 of 9" matches "Page 4 of 9")."""
    if len(pages) < MIN_PAGES:
        return pages
    counts: Counter[str] = Counter()
    for page in pages:
        lines = [ln for ln in page.split("\n") if ln.strip()]
        edges = {_key(ln) for ln in lines[:EDGE_LINES] + lines[-EDGE_LINES:]}
        counts.update(edges)
    running = {k for k, c in counts.items() if c >= max(MIN_PAGES, len(pages) / 2)}
    if not running:
        return pages
    out = []
    for page in pages:
        lines = page.split("\n")
        kept_idx = [i for i, ln in enumerate(lines) if ln.strip()]
        edge = set(kept_idx[:EDGE_LINES] + kept_idx[-EDGE_LINES:])
        out.append("\n".join(ln for i, ln in enumerate(lines) if not (i in edge and _key(ln) in running)))
    return out


def join_lines(page: str) -> str:
    """A page's lines as paragraphs: a line break inside a sentence becomes a space;
    a break after a short line (a heading, a paragraph's last line) stays."""
    lines = [ln.strip() for ln in page.split("\n")]
    widths = sorted(len(ln) for ln in lines if ln)
    if not widths:
        return ""
    full = widths[int(len(widths) * 0.8)] if len(widths) > 1 else widths[0]
    paragraphs: list[str] = []
    current, previous = "", 0
    for ln in lines:
        if not ln:
            paragraphs.append(current)
            current = ""
        elif current and previous >= 0.75 * full:
            current += " " + ln
        else:
            paragraphs.append(current)
            current = ln
        previous = len(ln)
    paragraphs.append(current)
    return "\n".join(p for p in paragraphs if p)
