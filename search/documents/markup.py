"""Markdown and HTML, sectioned by their headings (heading path).

An HTML file goes through trafilatura (main content, Markdown out, headings kept),
then the Markdown reader; where trafilatura keeps nothing, and for EPUB chapters
(whole pages of book text, no navigation to drop), the HTML is walked directly."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from deepref.search.documents.dependencies import needed
from deepref.search.documents.limits import Budget
from deepref.search.documents.models import ReadDocument, Segment
from deepref.search.documents.sections import Sections
from deepref.search.documents.text import decode_text

_ATX = re.compile(r"^ {0,3}(#{1,6})\s++(.*)$")  # the title's closing #s are cut by _atx
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_SETEXT = re.compile(r"^ {0,3}(=++|-++)\s*+$")


def _atx(line: str) -> tuple[int, str] | None:
    """An ATX heading's level and title without its closing ``#``s; None for other lines.

    As ``^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$`` read it, in linear time: that pattern's
    lazy title tried ``\\s*#*\\s*$`` from each character of a long run of spaces, to
    the end of the run each time (docs/security.md)."""
    match = _ATX.match(line)
    if match is None:
        return None
    return len(match.group(1)), match.group(2).rstrip().rstrip("#").rstrip()


def markdown_sections(text: str, sections: Sections) -> None:
    lines = text.splitlines()
    in_fence = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            in_fence = not in_fence
            sections.add(line)
            continue
        if in_fence:
            sections.add(line)
            continue
        if atx := _atx(line):
            sections.heading(*atx)
        elif i + 1 < len(lines) and line.strip() and (setext := _SETEXT.match(lines[i + 1])) and not _atx(line):
            sections.heading(1 if setext.group(1)[0] == "=" else 2, line.strip())
        elif _SETEXT.match(line) and i > 0 and lines[i - 1].strip():
            continue  # the underline of a setext heading
        else:
            sections.add(line)


def read_markdown(data: bytes, name: str, budget: Budget) -> ReadDocument:
    """Sections as exact slices of the file (a slice starts at its heading line), so a
    quote's offsets in the document are its offsets in the file."""
    text, warnings = decode_text(data, name)
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    segments: list[Segment] = []
    path: list[tuple[int, str]] = []
    begin, in_fence, first = 0, False, ""
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            in_fence = not in_fence
        if in_fence or _FENCE.match(line):
            continue
        heading, at = None, starts[i]
        if atx := _atx(line.rstrip("\r\n")):
            heading = atx
        elif line.strip() and i + 1 < len(lines) and (setext := _SETEXT.match(lines[i + 1].rstrip("\r\n"))):
            heading = (1 if setext.group(1)[0] == "=" else 2, line.strip())
        if heading is None:
            continue
        segments.append(Segment(text[begin:at], "section", path=tuple(t for _, t in path)))
        level, title = heading[0], " ".join(heading[1].split())
        first = first or title
        path = [(lv, t) for lv, t in path if lv < level] + [(level, title)]
        begin = at
    segments.append(Segment(text[begin:], "section", path=tuple(t for _, t in path)))
    kept = budget.keep(s for s in segments if s.text)
    return ReadDocument(first, kept, warnings, "text/markdown", raw=True)


class _Walker(HTMLParser):
    BLOCKS = frozenset(
        {"p", "div", "li", "tr", "br", "blockquote", "pre", "section", "article", "dd", "dt", "td", "th"}
    )
    SKIP = frozenset({"script", "style", "nav", "head", "noscript", "template"})

    def __init__(self, sections: Sections):
        super().__init__(convert_charrefs=True)
        self.sections = sections
        self.buffer: list[str] = []
        self.level = 0
        self.skipping = 0

    def _flush(self) -> None:
        text = " ".join("".join(self.buffer).split())
        self.buffer = []
        if text:
            self.sections.heading(self.level, text) if self.level else self.sections.add(text)

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self._flush()
            self.level = int(tag[1])
        elif tag in self.BLOCKS:
            self._flush()

    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif re.fullmatch(r"h[1-6]", tag):
            self._flush()
            self.level = 0
        elif tag in self.BLOCKS:
            self._flush()

    def handle_data(self, data):
        if not self.skipping:
            self.buffer.append(data)

    def close(self):
        super().close()
        self._flush()


def html_sections(html: str, sections: Sections) -> None:
    walker = _Walker(sections)
    walker.feed(html)
    walker.close()


def read_html(data: bytes, name: str, budget: Budget) -> ReadDocument:
    with needed("trafilatura", "reading HTML files"):
        import trafilatura

    html, warnings = decode_text(data, name)
    sections = Sections(budget)
    body = trafilatura.extract(html, output_format="markdown", include_formatting=True, include_tables=True)
    if body:
        markdown_sections(body, sections)
    else:
        html_sections(html, sections)
    meta = trafilatura.extract_metadata(html)
    title = (meta.title if meta is not None and meta.title else "") or sections.first_heading
    return ReadDocument(title, sections.segments(), warnings, "text/html")
