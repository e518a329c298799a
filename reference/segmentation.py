"""Where an answer may be cited, and where a marker may never go.

The peer wrote markers inside inline code (``arr[1]`` became ``arr[^1]``), code
blocks, headings and between a CRLF's ``\\r`` and ``\\n``. Here the answer's
Markdown structure is scanned once into *protected ranges*; segments are the
citable claims outside them, and insertion points are checked against them.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass
from typing import Literal

from deepref.reference.chunking import split_lines, split_sentences

_FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?(?:^[ \t]*\1[ \t]*\r?$|\Z)", re.M | re.S)
_BACKTICKS = re.compile(r"`++")
# Linear on any text (docs/security.md): a bracketed part never holds the character that
# opens it (``<`` in ``<…>``, ``]`` in ``](…)``, ``[`` in ``[^…]``), so an unclosed opener
# is scanned up to the next opener only, not to the end of the text each time.
_URL = re.compile(r"(?:https?|ftp|file)://[^\s<>\"'`\])]+|<[^<>\s]+>|\]\([^)\]\s]*\)")
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t][^\n]*$", re.M)
_MARKER = re.compile(r"\[\^[^\[\]\s]+\]")
_TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.M)
_TABLE_RULE = re.compile(r"^[ \t]*+\|?[ \t]*+:?-{3,}+:?[ \t]*+(?:\|[ \t]*+:?-{3,}+:?[ \t]*+)*+\|?[ \t]*+$", re.M)
_HTML_TAG = re.compile(r"<[a-zA-Z/][^<>\n]*>")
_HARD_BREAK = ("  ", "\\")  # Markdown's hard line break (a line's end): the line really ends


@dataclass(frozen=True, slots=True)
class Segment:
    """One citable claim of the answer: ``answer[start:end]``."""

    start: int
    end: int
    text: str


class Layout:
    """The answer's protected ranges, sorted and merged, with O(log n) lookups."""

    def __init__(self, text: str):
        self.text = text
        ranges: list[tuple[int, int]] = []
        ranges.extend(code_spans(text))
        for pattern in (_FENCE, _URL, _HEADING, _MARKER, _TABLE_RULE, _HTML_TAG):
            ranges.extend(m.span() for m in pattern.finditer(text))
        self._ranges = _merge(ranges)
        self._starts = [s for s, _ in self._ranges]
        self._uncitable = _merge([m.span() for p in (_FENCE, _HEADING, _TABLE_RULE) for m in p.finditer(text)])

    @property
    def protected(self) -> list[tuple[int, int]]:
        return list(self._ranges)

    def inside(self, pos: int) -> bool:
        """True when a marker at ``pos`` would split a protected range."""
        i = bisect.bisect_right(self._starts, pos - 1) - 1
        return i >= 0 and self._ranges[i][0] < pos < self._ranges[i][1]

    def can_insert(self, pos: int) -> bool:
        """A marker fits at ``pos``: not inside a protected range, not inside a word
        (letters or digits on both sides), not between ``\\r`` and ``\\n``."""
        text = self.text
        if pos < 0 or pos > len(text) or self.inside(pos):
            return False
        before = text[pos - 1] if pos > 0 else ""
        after = text[pos] if pos < len(text) else ""
        if before == "\r" and after == "\n":
            return False
        return not (before and after and _wordish(before) and _wordish(after))

    def citable(self, start: int, end: int) -> bool:
        """Segments inside code blocks, headings and table rules are never cited."""
        return not any(s <= start and end <= e for s, e in self._uncitable)


def code_spans(text: str) -> list[tuple[int, int]]:
    """Spans of inline code: a run of backticks to the next run of the same length.

    The spans ``(`+)(?!`).*?(?<!`)\\1(?!`)`` found, in O(n log n): that pattern looked
    for a closing run from every backtick of every unclosed run, to the end of the
    text each time (quadratic on a run of backticks; docs/security.md). As it did, a
    run that is never closed is tried again from its next backtick, one shorter."""
    runs = [(m.start(), m.end() - m.start()) for m in _BACKTICKS.finditer(text)]
    by_length: dict[int, list[int]] = {}
    for i, (_, length) in enumerate(runs):
        by_length.setdefault(length, []).append(i)
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(runs):
        start, length = runs[i]
        for skip in range(length):
            same = by_length.get(length - skip, [])
            k = bisect.bisect_right(same, i)
            if k < len(same):
                close = same[k]
                spans.append((start + skip, runs[close][0] + length - skip))
                i = close
                break
        i += 1
    return spans


def _wordish(ch: str) -> bool:
    # CJK characters have no spaces between words, so a marker between two of them
    # is fine; only Latin-like letters and digits form words that must not be split.
    return (ch.isalnum() or ch == "_") and not _is_cjk(ch)


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF or 0x3000 <= code <= 0x30FF


def _merge(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for s, e in sorted(r for r in ranges if r[1] > r[0]):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def segment_answer(text: str, mode: Literal["lines", "sentences"], layout: Layout | None = None) -> list[Segment]:
    """Citable segments: the seed's newline chunks ("lines") or sentences.

    Sentences follow the answer's Markdown blocks (markdown-it): a paragraph folded
    over several lines is one run of text, so a single line break inside it ends no
    sentence (a hard break, two spaces or a backslash, does); every list item and
    table row is its own claim, a table row split into its cells. Code, headings and
    table rules are skipped.
    """
    layout = layout or Layout(text)
    out: list[Segment] = []
    lines = split_lines(text)
    if mode == "lines":
        return [Segment(ls, le, text[ls:le]) for ls, le in lines if layout.citable(ls, le)]
    paragraphs = _paragraphs(text)
    done_until = -1
    for ls, le in lines:
        if ls < done_until or not layout.citable(ls, le):
            continue
        para = paragraphs.get(ls)
        if para is not None:
            units, soft, done_until = [para[:2]], para[2], para[1]
        else:
            units, soft = _line_units(text, ls, le), frozenset()
        for s, e in units:
            for ss, se in _join_abbreviations(text, split_sentences(text, s, e, folds=soft)):
                if layout.citable(ss, se) and _has_words(text[ss:se]):
                    out.append(Segment(ss, se, text[ss:se]))
    return out


# A claim ending in one of these has not ended: "Judge W. Brent Powell", "Brown v.
# Board", "the U.S. Supreme Court", "No. 12". Cut there, the claim a marker cites is
# the fragment after it ("Lipman.", judged and quoted alone): 19 of WiCE's 349 claims.
_ABBREVIATION = re.compile(
    r"(?:\b[A-HJ-UWYZ]|\b[A-Za-z]\.[A-Za-z]|\b(?i:v|vs|c|ca|cf|no|nos|vol|pp|st|mt|ft|co|corp|inc|ltd|jr|sr"
    r"|dr|mr|mrs|ms|prof|gen|col|lt|sgt|capt|gov|sen|rep|rev|hon|fig|approx|dept|e\.g|i\.e))\.$"
)  # a capital letter is an initial, but "World War I." "Malcolm X." end sentences
# (``U.S.`` is found by its last two letters: a chain ``(?:[A-Za-z]\.)+`` was tried from
# every letter of a long ``a.a.a.…`` and made the search quadratic)


def _join_abbreviations(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentences of one line or paragraph, a sentence that ends in an initial or a
    common abbreviation joined to the next."""
    out: list[tuple[int, int]] = []
    for span in spans:
        if (
            out
            and text[out[-1][1] - 1] == "."
            and _ABBREVIATION.search(text, out[-1][0], out[-1][1])
            and text.count("\n", out[-1][1], span[0]) < 2  # a paragraph may be folded there
        ):
            out[-1] = (out[-1][0], span[1])
            continue
        out.append(span)
    return out


_NEWLINE = re.compile(r"\r\n|\r|\n")  # markdown-it counts lines the same way


@functools.cache
def _markdown():
    """One parser, built on first use: it is a read-only table of rules."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


def _paragraphs(text: str) -> dict[int, tuple[int, int, frozenset[int]]]:
    """Paragraphs of the Markdown (also inside list items and quotes) that span
    several lines: first line's offset -> (start, end, offsets of their soft line
    breaks)."""
    if "\n" not in text and "\r" not in text:
        return {}
    starts = [0] + [m.end() for m in _NEWLINE.finditer(text)]
    ends = [m.start() for m in _NEWLINE.finditer(text)] + [len(text)]
    out = {}
    for token in _markdown().parse(text):
        if token.type != "paragraph_open" or not token.map or token.map[1] - token.map[0] < 2:
            continue
        first, last = token.map[0], token.map[1] - 1
        soft = frozenset(
            ends[k] + (text[ends[k]] == "\r" and text[ends[k] + 1 : ends[k] + 2] == "\n")
            for k in range(first, last)
            if not text.endswith(_HARD_BREAK, starts[k], ends[k])
        )
        out[starts[first]] = (starts[first], ends[last], soft)
    return out


def _line_units(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A table row is one claim: from its first cell's text to its last cell's text,
    so the marker lands inside the last cell, never on a ``|``. A header row (the
    line before a ``|---|`` rule) states no fact and is not cited."""
    if _TABLE_ROW.fullmatch(text, start, end) is None:
        return [(start, end)]
    line_start = text.find("\n", end) + 1  # after this row's \n or \r\n
    nxt = text.find("\n", line_start) if line_start else -1
    following = text[line_start : nxt if nxt >= 0 else len(text)] if line_start else ""
    if _TABLE_RULE.fullmatch(following.rstrip("\r")):
        return []
    first = text.index("|", start) + 1
    last = text.rindex("|", start, end)
    return [(first, last)] if text[first:last].strip(" |\t") else []


def _has_words(s: str) -> bool:
    return any(ch.isalnum() for ch in s)
