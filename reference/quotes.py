"""Finding a verbatim-ish quote in a source and returning its character span.

The langchain seed builds ``regex`` patterns from the quote and raises the allowed
edit distance one step at a time: a quote containing ``(`` or ``*`` breaks it, a
long quote takes minutes, and it returns the least bad match however bad. Here:
exact search, then a whitespace- and case-insensitive search mapped back to the
original offsets, then rapidfuzz's bit-parallel partial alignment; a match below
``min_score`` is rejected (None), never returned as a guess.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from reference.models import Span

MIN_SCORE = 0.85
"""Below this similarity a "match" is usually a different sentence on the same topic."""

_WS = re.compile(r"\s+")


def locate_quote(quote: str, text: str, *, min_score: float = MIN_SCORE) -> Span | None:
    """Span of ``quote`` in ``text`` (``text[start:end]`` is the matched passage)."""
    if not quote or not quote.strip() or not text:
        return None
    start = text.find(quote)
    if start >= 0:
        return Span(start, start + len(quote), 1.0)
    span = _normalised_find(quote, text)
    if span is not None:
        return span
    return _fuzzy_find(quote, text, min_score)


def locate_quotes(quotes: list[str], text: str, *, min_score: float = MIN_SCORE) -> list[Span | None]:
    """The seed's ``substring_quote`` list: one span (or None) per quote."""
    return [locate_quote(q, text, min_score=min_score) for q in quotes]


def _normalise(text: str) -> tuple[str, list[int]]:
    """Lower-cased text with runs of whitespace collapsed to one space, and for each
    character of the result its offset in the original."""
    chars: list[str] = []
    offsets: list[int] = []
    in_space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            if not in_space and chars:
                chars.append(" ")
                offsets.append(i)
            in_space = True
            continue
        in_space = False
        chars.append(ch.lower())
        offsets.append(i)
    return "".join(chars), offsets


def _normalised_find(quote: str, text: str) -> Span | None:
    needle = _WS.sub(" ", quote.strip()).lower()
    hay, offsets = _normalise(text)
    pos = hay.find(needle)
    if pos < 0:
        return None
    return Span(offsets[pos], offsets[pos + len(needle) - 1] + 1, 0.99)


def _fuzzy_find(quote: str, text: str, min_score: float) -> Span | None:
    needle = _WS.sub(" ", quote.strip())
    hay, offsets = _normalise(text)
    result = fuzz.partial_ratio_alignment(needle.lower(), hay, score_cutoff=min_score * 100)
    if result is None or result.dest_end <= result.dest_start:
        return None
    start = offsets[result.dest_start]
    end = offsets[result.dest_end - 1] + 1
    # the alignment may stop a few characters into a word: snap to whole words
    while start < end and text[start].isspace():
        start += 1
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum() and text[end - 1].isalnum():
        end += 1
    if not needle[:1].isalnum() or not text[start:end][:1]:
        return Span(start, end, round(result.score / 100, 4))
    # a leading word the alignment dropped ("It" in "It is a framwork")
    prev = text.rfind(" ", 0, max(start - 1, 0))
    head = needle.split(" ", 1)[0].lower()
    if start > 0 and text[prev + 1 : start].strip().lower() == head:
        start = prev + 1
    return Span(start, end, round(result.score / 100, 4))
