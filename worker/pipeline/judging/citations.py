"""The (claim, cited source) pairs of an answer, read from what a system wrote.

Pure: text in, pairs out. A deepref result knows the exact passage of every
footnote (the quote and the text around it); a Markdown report from another system
knows only the URL, so its passage is read from the page later
(:func:`worker.pipeline.judging.pages.passages_for`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

from deepref.reference.segmentation import segment_answer

# Linear on any text (docs/security.md): a part between brackets never holds a ``[`` (an
# unclosed ``[`` is scanned to the next one only) and a line's leading blanks are read
# once (``[^\S\n]*+``), not again from each of their characters.
_INLINE_LINK = re.compile(r"(?<!!)\[([^\[\]\n]*+)\]\(((?:https?|file)://[^)\[\s]++)(?:\s++\"[^\"]*+\")?\)")
_FOOTNOTE_REF = re.compile(r"\[\^([^\[\]\s]++)\](?!:)")
_NUMBER_REF = re.compile(r"\[(\d{1,4}(?:\s*[,–-]\s*\d{1,4})*)\](?![(:])")
_FOOTNOTE_DEF = re.compile(r"^\[\^([^\[\]\s]++)\]:\s*(.+)$", re.M)
_LIST_DEF = re.compile(r"^[^\S\n]*+(?:\[(\d{1,4})\]|(\d{1,4})[.)])\s+(.+)$", re.M)
_URL = re.compile(r"(?:https?|file)://[^\s)>\]\"']+")  # file://: deepref's own reports of local documents
_MARKERS = re.compile(r"(?<!\s)\s*+(?:\[\^[^\[\]\s]++\]|\[\d{1,4}(?:\s*[,–-]\s*\d{1,4})*\](?![(:]))")


@dataclass(frozen=True, slots=True)
class Citation:
    """One claim citing one source. ``passage`` is the cited text when the answer
    says it (a deepref footnote), else None."""

    claim: str
    url: str
    label: str
    """How the answer cites it: ``[^3]``, ``[2]`` or the link's text."""
    title: str = ""
    passage: str | None = None
    where: str = ""
    """The report section, when there are several."""


def from_result(result: dict[str, Any], where: str = "") -> list[Citation]:
    """Every footnote of a deepref result: its claim and the passage it leads to."""
    answer = str(result.get("answer", ""))
    out = []
    for ref in result.get("references") or []:
        start, end = ref.get("answer_span") or (0, 0)
        claim = _plain(answer[start:end])
        if not claim:
            continue
        passage = ref.get("context") or ref.get("quote") or ""
        out.append(
            Citation(claim, str(ref.get("url", "")), f"[^{ref.get('n')}]", str(ref.get("title", "")), passage, where)
        )
    return out


def from_report(report: dict[str, Any]) -> list[Citation]:
    """Every footnote of a report run, section by section (each section's own result,
    whose spans are those of its answer before the report renumbered it)."""
    out = []
    for section in report.get("sections") or []:
        if isinstance(section.get("result"), dict):
            out.extend(from_result(section["result"], where=str(section.get("question") or section.get("title") or "")))
    return out


def from_markdown(text: str) -> list[Citation]:
    """Citations of a Markdown report as another system writes it: inline links
    ``[text](url)``, footnotes ``[^x]`` with ``[^x]: … url`` definitions, and numbers
    ``[n]`` with a numbered reference list (``[n] … url`` or ``n. … url``)."""
    footnotes = {key: m for key, body in _FOOTNOTE_DEF.findall(text) if (m := _URL.search(body))}
    numbered: dict[str, re.Match] = {}
    for a, b, body in _LIST_DEF.findall(text):
        if (m := _URL.search(body)) is not None:
            numbered.setdefault(a or b, m)
    body_text = _strip_definitions(text, set(numbered))
    out: list[Citation] = []
    seen: set[tuple[str, str]] = set()
    for segment in segment_answer(body_text, "sentences"):
        sentence = segment.text
        claim = _plain(sentence)
        if len(claim) < 3:
            continue
        cited: list[tuple[str, str]] = [(f"[{t}]", u) for t, u in _INLINE_LINK.findall(sentence)]
        cited += [(f"[^{k}]", footnotes[k].group(0)) for k in _FOOTNOTE_REF.findall(sentence) if k in footnotes]
        for group in _NUMBER_REF.findall(sentence):
            cited += [(f"[{n}]", numbered[n].group(0)) for n in _numbers(group) if n in numbered]
        for label, url in cited:
            url = url.rstrip(".,;")
            if (claim, url) not in seen:  # FACT counts a statement-URL pair once
                seen.add((claim, url))
                out.append(Citation(claim, url, label))
    return out


def _strip_definitions(text: str, numbered: set[str]) -> str:
    """The report without its footnote definitions and its reference list: lines
    ``[n] … url``, and lines ``n. … url`` of a number the text cites as ``[n]`` (other
    numbered items are the report's own lists)."""
    heading = re.search(r"^#{1,6}\s*(references|sources|bibliography|works cited)\s*$", text, re.I | re.M)
    text = _FOOTNOTE_DEF.sub("", text[: heading.start()] if heading else text)
    cited = {n for group in _NUMBER_REF.findall(text) for n in _numbers(group)}

    def definition(m: re.Match) -> bool:
        return bool(_URL.search(m.group(3))) and (m.group(1) is not None or m.group(2) in cited & numbered)

    return _LIST_DEF.sub(lambda m: "" if definition(m) else m.group(0), text)


def _numbers(group: str) -> list[str]:
    out: list[str] = []
    for part in (p.strip() for p in group.split(",")):
        if m := re.fullmatch(r"(\d+)\s*[–-]\s*(\d+)", part):
            a, b = int(m[1]), int(m[2])
            out += [str(n) for n in range(a, min(b, a + 50) + 1)]
        elif part.strip().isdigit():
            out.append(part.strip())
    return out


def _plain(text: str) -> str:
    """A claim as a reader reads it: links as their text, without markers or Markdown
    emphasis and list bullets."""
    text = _INLINE_LINK.sub(lambda m: m.group(1), text)
    text = _MARKERS.sub("", text)
    text = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", text)
    text = re.sub(r"[*_`]{1,3}", "", text)
    return " ".join(text.split())


_BLOCKS = frozenset({"p", "li", "ul", "ol", "div", "section", "article", "blockquote", "br", "tr", "table", "dd", "dt"})
_BLOCKS |= {f"h{n}" for n in range(1, 7)}
_SKIPPED = frozenset({"script", "style", "head", "title", "template"})


class _HtmlToMarkdown(HTMLParser):
    """An HTML report as the Markdown :func:`from_markdown` reads: a link to an anchor of
    the page (``<a href="#ref-1">``) is a footnote ``[^ref-1]``; the element with that id
    is its definition, on one line; other links are ``[text](url)``."""

    def __init__(self, anchors: set[str]):
        super().__init__(convert_charrefs=True)
        self.anchors = anchors
        self.out: list[str] = []
        self.skip = 0
        self.definition: list[str] = []  # the open definition's tag stack; empty outside one
        self.link: tuple[str, list[str]] | None = None  # href, text so far

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self.skip += 1
            return
        found = dict(attrs)
        if self.definition:
            self.definition.append(tag)
        elif found.get("id") in self.anchors:
            self.definition.append(tag)
            self.out.append(f"\n\n[^{found['id']}]: ")
            return
        elif tag in _BLOCKS:
            self.out.append("\n\n")
        if tag == "a" and (href := found.get("href")):
            self.link = (href, [])

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self.skip = max(0, self.skip - 1)
            return
        if tag == "a" and self.link is not None:
            href, words = self.link
            self.link = None
            text = " ".join("".join(words).split())
            if href.startswith("#") and href[1:] in self.anchors:
                self.out.append(f"[^{href[1:]}]")
            elif text and not href.startswith("#"):
                self.out.append(f"[{text.replace('[', '(').replace(']', ')')}]({href})")
            else:
                self.out.append(text)
        if self.definition:
            while self.definition and self.definition.pop() != tag:
                pass
            if not self.definition:
                self.out.append("\n\n")
            else:
                self.out.append(" ")
        elif tag in _BLOCKS:
            self.out.append("\n\n")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.link is not None:
            self.link[1].append(data)
        elif self.definition:
            self.out.append(" ".join(data.split()) + (" " if data[-1:].isspace() else ""))
        else:
            self.out.append(data)


_ANCHOR_HREF = re.compile(r"""href\s*=\s*["']#([^"'\s]{1,200})["']""")


def html_to_markdown(html: str) -> str:
    """The Markdown :func:`from_markdown` reads, from an HTML report (deepref's
    ``--format html`` or another system's): footnote links and their definitions kept."""
    parser = _HtmlToMarkdown(set(_ANCHOR_HREF.findall(html)))
    parser.feed(html)
    parser.close()
    return re.sub(r"\n{3,}", "\n\n", "".join(parser.out)).strip()


def from_html(html: str) -> list[Citation]:
    """Citations of an HTML report: footnote links to the page's own anchors, and links."""
    return from_markdown(html_to_markdown(html))
