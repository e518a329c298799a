"""Finding a quote in a source: a verbatim-ish one (``locate_quote``), or the
sentences of a cited page that carry a claim (``place_quote``).

The langchain seed builds ``regex`` patterns from the quote and raises the allowed
edit distance one step at a time: a quote containing ``(`` or ``*`` breaks it, a
long quote takes minutes, and it returns the least bad match however bad. Here:
exact search, then a whitespace- and case-insensitive search mapped back to the
original offsets, then rapidfuzz's bit-parallel partial alignment; a match below
``min_score`` is rejected (None), never returned as a guess.

``place_quote`` chooses the window of one to three consecutive sentences of a
page that carries a claim, over the whole page (windows may cross passage
boundaries), scored by the IDF-weighted Jaccard of the claim's words and the
window's, the document's own IDF (``WordWeights``), plus the engine's score of the
passage it lies in (measured on WiCE's gold supporting sentences and on PDFs of known
text: docs/benchmarks.md, "quotes", and docs/library.md, "Citing").
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import regex
from rapidfuzz import fuzz

from deepref.reference.chunking import split_sentences
from deepref.reference.lexical import tokenize
from deepref.reference.models import Span
from deepref.reference.words import SENTENCE_END

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


# Measured on WiCE (claims with gold supporting sentences, tuned on one half of the
# claims and checked on the other; docs/benchmarks.md "quotes"): the share of the
# claim's words a window holds (each distinct word counts once: IDF over one page
# scored no better), 0.02 per extra sentence (0.05 cut windows that held the gold
# sentence next to the best one), plus the passage's own score at weight 2 (the
# engine's blend of coverage, Jaccard and cosine still picks the right passage more
# often than any window does alone).
MAX_SENTENCES = 3
SENTENCE_PENALTY = 0.02
PASSAGE_WEIGHT = 2.0
# In a paged document (a PDF, slides: a source with page marks), measured on PDFs of
# known text with hand-written paraphrases (docs/library.md, "Citing"; the tune
# split): the claim's sentence lies among many passages that share the document's
# topic words, so the window is matched by IDF-weighted Jaccard (precision 1; the
# paraphrases' page right 81% -> 92% lexical) and the passage's score is left out
# (weight 2 cost 5 points: for a claim in other words it is noise at the passage's
# size, 0.25 and 0.5 were worse too). On WiCE's web pages the same rule put fewer
# quotes on a gold sentence (0.898 -> 0.789 on the tune half), so a page keeps the rule above.
PAGED_PRECISION = 1.0
# Without an embedder (or when it fails: the words alone place the quote) a paraphrase's
# sentence often holds more of the claim's rare words than a same-topic sentence but is
# longer, and Jaccard's full charge for its other words let the shorter one win: half
# that charge (a Tversky index) cited the right page for 706 -> 715 of the five seen
# real-PDF splits' 803 paraphrases (chosen on tune, held-out, held-out-2 and held-out-3,
# where 0.4 to 0.6 tied; held-out-4 151 -> 157 of 176), verbatim 2,931 -> 2,932 of 2,941
# (docs/library.md, after "What held-out-4's citing misses are"). With MiniLM's cosine
# the same change lost 3 (the cosine already favours the sentence that says the claim),
# so a job with an embedder keeps PAGED_PRECISION.
PAGED_LEXICAL_PRECISION = 0.5
PAGED_PASSAGE_WEIGHT = 0.0
# With an embedder (a job that has one), a paged document's window also takes the
# highest cosine of its sentences with the claim, standardised over the document's
# candidate sentences (a z-score; engine._sentence_cosines), at this weight: a
# paraphrase shares few words with its sentence, often none ("Your document will be
# returned to you for revision" for "the paper is sent back to its authors"), and
# MiniLM's cosines of one claim with one document's sentences sit in a narrow band
# that moves with the claim (the best 0.6 for one, 0.8 for another), so a raw cosine
# at a fixed weight (0.5, the first rule) let a few shared words outweigh the sentence
# that stood out by meaning. Chosen on the real PDFs' tune data (docs/library.md,
# "Citing on real PDFs"): paraphrases cited on the right page rose, verbatim claims
# held. Web pages (no page marks) keep WiCE's rule, where best-sentence cosine placed
# quotes worse (docs/benchmarks.md "quotes").
PAGED_COSINE_WEIGHT = 0.1
# A paged document's headings, list items and labels ("Sample code:", "Biogeography",
# "• \\author{}") are split as sentences of their own: a window of such fragments alone
# shares a large part of its few words with a claim on its topic, and outscored the
# sentence that carries the claim in other words (7 of held-out-2's 29 lexical
# paraphrase misses, docs/library.md "Citing on real PDFs"). A fragment: fewer than
# FRAGMENT_WORDS words and no sentence end (. ! ?), or one or two words; a window of
# fragments alone loses FRAGMENT_PENALTY, unless the claim is a fragment itself.
FRAGMENT_WORDS = 6
FRAGMENT_PENALTY = 0.3
# A window with no sentence end anywhere in it (. ! ? before a space or its end) is a
# fragment too, however long: a contents line ("Footnotes for authors, collaborations,
# affiliations or title 6"), a caption, a table's row of commands, or the first line of
# a sentence a line break cut ("By default, the line numbers are set in") whose other
# line is elsewhere on the page. A window that runs on to the line holding the stop is
# a sentence again. Measured on the real PDFs' tuning splits (docs/library.md, "Fifth
# pass (citing)").
_ENDS = regex.compile(r"[.!?][\"'”’)\]]*(?:\s|$)")
# In a paged document a claim in other words often holds another form of its
# sentence's word ("a paper is still a draft" for "when drafting papers", "each need
# their own numbering" for "must be numbered separately"); the light plural strip of
# the tokens joins none of these. A claim's word of PREFIX_LETTERS letters or more
# also matches a sentence's word that begins with the same PREFIX_LETTERS letters: a
# stem by truncation, for any language written with words, with no word list.
# Measured on the real PDFs' tuning splits (docs/library.md, "Fourth pass"): 4 or 6
# letters matched fewer paraphrases than 5, a Snowball stemmer did worse on the
# generated PDFs before ("Citing").
PREFIX_LETTERS = 5
# A paged document often says one sentence twice or nearly so (a manual's summary and its
# section, a documented source's comment and its printed copy, "with according options"
# and "with the according options"): their words are the same set, so the score tied and
# the first page won. Windows whose score ties the best (within ORDER_TIE, float error)
# are told apart by how closely their text follows the claim's, word order and all
# (rapidfuzz's ratio of the lower-cased, space-collapsed texts): the copy the claim was
# taken from. A looser tie (0.005) won 13 more claims on the seven seen real-PDF splits
# without an embedder but lost 2 paraphrases to a neighbouring sentence, 0.003 one fewer
# win; measured in docs/library.md, "What held-out-6's misses are".
ORDER_TIE = 1e-9


def fragments(text: str, spans: Sequence[tuple[int, int]]) -> np.ndarray:
    """For each sentence ``text[start:end]``: is it a fragment (a heading, a list item,
    a label: fewer than ``FRAGMENT_WORDS`` words and no sentence end, or one or two
    words whatever ends them)."""
    return np.array([_fragment(text[a:b]) for a, b in spans], dtype=bool)


def sentence_ends(text: str, spans: Sequence[tuple[int, int]]) -> np.ndarray:
    """For each sentence ``text[start:end]``: does a sentence end (. ! ? before a space or
    its end) lie in it? A window of sentences where none does is a fragment."""
    return np.array([_ENDS.search(text, a, b) is not None for a, b in spans], dtype=bool)


def _fragment(sentence: str) -> bool:
    words = len(sentence.split())
    return words < 3 or (words < FRAGMENT_WORDS and not SENTENCE_END.search(sentence.strip()))


@dataclass(frozen=True, slots=True)
class PageSentences:
    """The sentences of a page's passages, in reading order, with their words."""

    spans: list[tuple[int, int]]  # in the page's text
    passage: np.ndarray  # index (into the passages given) of the passage each lies in
    words: list[frozenset[str]]
    joins: np.ndarray  # sentence i and i + 1 may be quoted together: no paragraph break between
    heads: list[frozenset[str]]  # the first PREFIX_LETTERS letters of its words that have as many

    def only(self, keep: np.ndarray) -> PageSentences:
        """The sentences where ``keep`` is true; a window never spans one left out."""
        idx = np.flatnonzero(keep)
        follows = np.append(idx[1:] == idx[:-1] + 1, False)
        return PageSentences(
            [self.spans[i] for i in idx],
            self.passage[idx],
            [self.words[i] for i in idx],
            self.joins[idx] & follows,
            [self.heads[i] for i in idx],
        )


# In a paged document a stop after a word of LOWER_START_LETTERS letters or more, then a
# word in lower case, ends a sentence for the quote: a card's cell ends where the next
# command on its line starts ("…ενός πακέτου. dpkg -V"), a caption where the column
# beside it goes on ("…with LATEX option. advantages of"). ``split_sentences`` keeps
# them together, as it keeps "e.g. this" (an abbreviation's stop: "e.g.", "etc.",
# "Fig." have fewer letters). Measured on the real PDFs' splits (docs/library.md,
# "What held-out-5's citing misses are").
LOWER_START_LETTERS = 4
_LOWER_START = regex.compile(rf"(?<=\p{{L}}{{{LOWER_START_LETTERS}}}\.)\s+(?=\p{{Ll}})")


def _lower_starts(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in spans:
        for gap in _LOWER_START.finditer(text, start, end):
            out.append((start, gap.start()))
            start = gap.end()
        out.append((start, end))
    return out


def page_sentences(
    text: str, passages: Sequence[tuple[int, int]], memo: dict | None = None, *, lower_starts: bool = False
) -> PageSentences:
    """Sentences of each passage ``text[start:end]`` (passages in reading order).
    ``memo``: sentences and words of passages already split, by span (one document's,
    split one way). Two sentences may be quoted together when only whitespace without
    a blank line separates them (passages that are not adjacent never join).
    ``lower_starts``: a paged document's rule (``LOWER_START_LETTERS``)."""
    spans: list[tuple[int, int]] = []
    owner: list[int] = []
    words: list[frozenset[str]] = []
    heads: list[frozenset[str]] = []
    for k, (start, end) in enumerate(passages):
        if memo is not None and (start, end) in memo:
            found, found_words, found_heads = memo[start, end]
        else:
            found = split_sentences(text, start, end)
            if lower_starts:
                found = _lower_starts(text, found)
            found_words = [frozenset(tokenize(text[s:e])) for s, e in found]
            found_heads = [_heads(w) for w in found_words]
            if memo is not None:
                memo[start, end] = (found, found_words, found_heads)
        spans.extend(found)
        owner.extend([k] * len(found))
        words.extend(found_words)
        heads.extend(found_heads)
    gaps = [text[a[1] : b[0]] for a, b in itertools.pairwise(spans)]
    joins = np.array([*(not g.strip() and g.count("\n") < 2 for g in gaps), False], dtype=bool)
    return PageSentences(spans, np.array(owner, dtype=np.int64), words, joins, heads)


def _heads(words: frozenset[str]) -> frozenset[str]:
    return frozenset(w[:PREFIX_LETTERS] for w in words if len(w) >= PREFIX_LETTERS)


@dataclass(frozen=True, slots=True)
class WordWeights:
    """IDF of words over one document's passages (``df``: in how many of its ``passages``
    each vocabulary id occurs; ``vocab``: word -> id). A word the claim shares with
    few passages tells where it lies; one on every page does not."""

    vocab: Mapping[str, int]
    df: np.ndarray
    passages: int

    def __call__(self, word: str) -> float:
        k = self.vocab.get(word)
        df = int(self.df[k]) if k is not None and k < len(self.df) else 0
        return math.log1p((self.passages + 1) / (df + 1))


@dataclass(frozen=True, slots=True)
class Placement:
    span: tuple[int, int]  # the quote: whole sentences of the page
    passages: tuple[int, ...]  # the passages it lies in (one, or two adjacent ones)
    coverage: float  # share of the claim's words it holds


def place_quote(
    claim: str,
    page: PageSentences,
    passage_scores: np.ndarray,
    *,
    weights: WordWeights | None = None,
    precision: float = 0.0,
    max_sentences: int = MAX_SENTENCES,
    penalty: float = SENTENCE_PENALTY,
    passage_weight: float = PASSAGE_WEIGHT,
    cosines: np.ndarray | None = None,
    cosine_weight: float = 0.0,
    fragment: np.ndarray | None = None,
    fragment_penalty: float = 0.0,
    ended: np.ndarray | None = None,
    prefix: bool = False,
    text: str | None = None,
) -> Placement | None:
    """The window of one to ``max_sentences`` consecutive sentences of a paragraph
    that carries ``claim`` best; it may run from one passage into the next
    (``passage_scores``: the engine's score of each passage for the claim; a window
    across two takes the lower, so a sentence is never pulled in for its passage's
    score). None when no sentence shares a word with the claim.

    A window's words are matched with the claim's by a Tversky index: the weight of
    the words both hold over the claim's weight plus ``precision`` times the weight
    of the window's other words (``weights``: the document's IDF, each distinct word
    counting once without). ``precision`` 0 is the share of the claim the window
    holds (best on WiCE's web pages, whose support is spread over sentences); 1 is
    weighted Jaccard, where a sentence holding the claim's rare words beats a
    longer one holding more of its common ones (best in a long paged document,
    whose passages share its topic words). ``cosines``: each sentence's cosine with
    the claim (an embedder's); a window adds ``cosine_weight`` times its highest.
    ``fragment``: which sentences are headings or list items (``fragments``); a window
    of these alone loses ``fragment_penalty``, unless the claim is a fragment itself, and
    so does a window none of whose sentences holds a sentence end (``ended``:
    ``sentence_ends``), a line cut from its sentence or a row of a table.
    ``prefix``: a claim's word also matches a sentence's word that begins with its first
    ``PREFIX_LETTERS`` letters (another form of it: "draft", "drafting"). ``text``: the
    page's text the spans index; given, windows within ``ORDER_TIE`` of the best go to
    the one whose text follows the claim's most closely (a near-duplicate elsewhere)."""
    words = sorted(set(tokenize(claim)))
    n = len(page.spans)
    if not words or n == 0:
        return None
    weigh = weights if weights is not None else _one
    wanted = np.array([weigh(w) for w in words], dtype=np.float64)
    total = float(wanted.sum())
    present = np.array([[w in s for w in words] for s in page.words], dtype=bool)
    if prefix:  # a claim's word also matches a word that begins with its first PREFIX_LETTERS letters
        heads = [w[:PREFIX_LETTERS] if len(w) >= PREFIX_LETTERS else "" for w in words]
        present |= np.array([[bool(h) and h in s for h in heads] for s in page.heads], dtype=bool)
    size = np.array([sum(map(weigh, s)) for s in page.words], dtype=np.float64) if precision else np.zeros(n)
    sentence_score = np.asarray(passage_scores, dtype=np.float64)[page.passage]
    best: tuple[float, int, int] | None = None  # (score, first sentence, width - 1)
    values: list[np.ndarray] = []  # per width - 1, each window's score
    union, passage, joined = present.copy(), sentence_score.copy(), np.ones(n, dtype=bool)
    held = size.copy()  # a window's weight: its sentences' (a word in two counts twice)
    sentence_cosine = np.zeros(n) if cosines is None else cosine_weight * np.asarray(cosines, dtype=np.float64)
    cosine = sentence_cosine.copy()  # a window's: its best sentence's
    short = _fragment(claim)
    sentence_fragment = np.zeros(n, dtype=bool) if fragment is None or short else np.asarray(fragment, dtype=bool)
    all_fragment = sentence_fragment.copy()  # a window's: every sentence of it a fragment
    sentence_ended = np.ones(n, dtype=bool) if ended is None or short else np.asarray(ended, dtype=bool)
    any_ended = sentence_ended.copy()  # a window's: a sentence end in one of its sentences
    for extra in range(min(max_sentences, n)):
        if extra:
            union = union[:-1] | present[extra:]
            passage = np.minimum(passage[:-1], sentence_score[extra:])
            joined = joined[:-1] & page.joins[extra - 1 : n - 1]
            held = held[:-1] + size[extra:]
            cosine = np.maximum(cosine[:-1], sentence_cosine[extra:])
            all_fragment = all_fragment[:-1] & sentence_fragment[extra:]
            any_ended = any_ended[:-1] | sentence_ended[extra:]
        shared = union.astype(np.float64) @ wanted
        similarity = shared / np.maximum(total + precision * np.maximum(held - shared, 0.0), 1e-12)
        ok = (shared > 0) & joined
        loose = all_fragment | ~any_ended  # a window of fragments, or with no sentence end in it
        value = np.where(
            ok,
            similarity - penalty * extra + passage_weight * passage + cosine - fragment_penalty * loose,
            -np.inf,
        )
        values.append(value)
        i = int(np.argmax(value))
        if np.isfinite(value[i]) and (best is None or value[i] > best[0]):
            best = (float(value[i]), i, extra)
    if best is None:
        return None
    _, i, extra = best if text is None else _in_order(claim, text, page.spans, values, best)
    first, last = page.passage[i], page.passage[i + extra]
    covered = float(present[i : i + extra + 1].any(axis=0).sum() / len(words))
    return Placement((page.spans[i][0], page.spans[i + extra][1]), tuple(range(int(first), int(last) + 1)), covered)


def _in_order(
    claim: str, text: str, spans: list[tuple[int, int]], values: list[np.ndarray], best: tuple[float, int, int]
) -> tuple[float, int, int]:
    """Of the windows scoring within ``ORDER_TIE`` of ``best``, the one whose text follows
    ``claim`` most closely (``ORDER_TIE``); ``best`` when it stands alone."""
    near = [(int(i), extra) for extra, value in enumerate(values) for i in np.flatnonzero(value >= best[0] - ORDER_TIE)]
    if len(near) < 2:
        return best
    want = _WS.sub(" ", claim).strip().lower()

    def closeness(window: tuple[int, int]) -> float:
        i, extra = window
        return fuzz.ratio(want, _WS.sub(" ", text[spans[i][0] : spans[i + extra][1]]).strip().lower())

    i, extra = max(near, key=lambda w: (closeness(w), values[w[1]][w[0]]))  # then the score, then the first
    return float(values[extra][i]), int(i), extra


def _one(word: str) -> float:
    return 1.0
