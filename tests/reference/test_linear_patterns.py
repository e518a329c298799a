"""Regular expressions that read untrusted text run in time linear in its length.

Page text, files and model output reach these patterns; one that slows with the
square of a run (of spaces, backticks, brackets) lets a 60 KB page hold a job for a
minute. Each case times the pattern's caller on adversarial text at 100 KB and at
1 MB: linear code takes about 10 times longer on the larger; quadratic code takes
100 times longer. Times are the process's CPU time, best of three, so that a loaded
machine does not inflate them; the bound (30) lies between the two.
"""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deepref.reference.chunking import _SENTENCE_END, split_sentences

SMALL, LARGE = 100_000, 1_000_000
MAX_RATIO = 30


def _runtime(fn, text: str) -> float:
    best = float("inf")
    for _ in range(3):  # CPU time, best of three: neighbours and caches slow a run, not the code
        t0 = time.process_time()
        fn(text)
        best = min(best, time.process_time() - t0)
    return best


def _scaling(fn, unit: str) -> float:
    small = (unit * (SMALL // len(unit) + 1))[:SMALL]
    large = (unit * (LARGE // len(unit) + 1))[:LARGE]
    return _runtime(fn, large) / max(_runtime(fn, small), 1e-4)


ADVERSARIAL = [" ", "\t", " \n", "a ", ". ", ".\t", "a.\n", "。 ", '." ', "\u3000"]


@pytest.mark.parametrize("unit", ADVERSARIAL, ids=repr)
def test_sentence_splitting_is_linear(unit):
    assert _scaling(split_sentences, unit) < MAX_RATIO


def test_a_run_of_spaces_splits_in_bounded_time():
    """The finding: 40,000 spaces took 7.5 s (0.43 s for 10,000)."""
    t0 = time.perf_counter()
    assert split_sentences("x" + " " * 1_000_000 + "y") == [(0, 1_000_002)]
    assert time.perf_counter() - t0 < 5


# The pattern before it was made linear: the new one must find the same breaks.
_QUADRATIC_SENTENCE_END = re.compile(
    r"(?<=[.!?])[\"')\]]*\s+(?=[^a-z\s])|(?<=[。！？])[」』”）]*\s*|(?P<line>\s*\n\s*)"
)


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=" \t\n\r\x0b\u3000.!?\"')]aA。」x", max_size=40), st.integers(0, 40), st.integers(0, 40))
def test_the_linear_sentence_end_finds_the_same_sentences(text, a, b):
    start, end = min(a, len(text)), min(max(a, b), len(text))

    def old(text, start, end):
        spans, pos = [], start
        for m in _QUADRATIC_SENTENCE_END.finditer(text, start, end):
            piece = text[pos : m.start() if m.group().isspace() else m.end()]
            if piece.strip():
                spans.append(piece.strip())
            pos = m.end()
        if text[pos:end].strip():
            spans.append(text[pos:end].strip())
        return spans

    new = [text[s:e] for s, e in split_sentences(text, start, end, folds=())]
    assert new == old(text, start, end)
    assert _SENTENCE_END.pattern != _QUADRATIC_SENTENCE_END.pattern


def _callers():
    from deepref.bibliography.styles import _sort_text
    from deepref.reference.boilerplate import kind
    from deepref.reference.markers import parse_markers
    from deepref.reference.segmentation import Layout, _join_abbreviations, code_spans
    from deepref.search.brave import _TAGS
    from deepref.search.documents.markup import _atx
    from deepref.search.records import plain
    from deepref.worker.pipeline.judging.citations import _INLINE_LINK, _LIST_DEF, _MARKERS, _plain

    return {
        "layout": Layout,
        "code_spans": code_spans,
        "markers": parse_markers,
        "abbreviation": lambda t: _join_abbreviations(t + ".", [(0, len(t) + 1), (len(t) + 1, len(t) + 1)]),
        "provider_tags": lambda t: _TAGS.sub("", t),
        "bibliography_sort": _sort_text,
        "atx_heading": lambda t: _atx("# " + t + "x"),
        "citation_links": lambda t: _INLINE_LINK.findall(t),
        "citation_lists": lambda t: _LIST_DEF.findall(t),
        "citation_markers": lambda t: _MARKERS.sub("", t),
        "citation_claim": _plain,
        "scholarly_markup": plain,
        "boilerplate": kind,
    }


# each unit is an opener the pattern used to scan from to the end of the text
UNITS = {
    "layout": ["<", "<a", "](", "[^", "`", "``a", " ", "|", "|---"],
    "code_spans": ["`", "``a", "`a``"],
    "markers": ["[^", "<sources>[", "[1](id=", "`", "[1,"],
    "abbreviation": ["a.", "A."],
    "provider_tags": ["<"],
    "bibliography_sort": ["<"],
    "atx_heading": [" ", " #", "# "],
    "citation_links": ["[", "[a](http://", "[^"],
    "citation_lists": [" \n", "\t\n"],
    "citation_markers": [" ", "\n\t", "[^"],
    "citation_claim": [" ", "[^", "[a](http://"],
    "scholarly_markup": ["<", "<!--", "<a ", "<a", "</a", "<mml:msub>", "&amp;", "&"],
    "boilerplate": [".", ". ", "a", "a ", "a, 1", ", 1"],
}


@pytest.mark.parametrize(
    ("caller", "unit"), [(c, u) for c, units in UNITS.items() for u in units], ids=lambda v: repr(v)
)
def test_patterns_on_untrusted_text_are_linear(caller, unit):
    assert _scaling(_callers()[caller], unit) < MAX_RATIO
