"""Boilerplate passages: tables of contents, back-of-book indexes and licence text.

They share a document's words (a contents line names every chapter, a licence names
"this manual"), so lexical and dense scores rank them next to the body, and a quote
from one answers nothing (issue 34: a question on a 10-page specification cited its
licence). :func:`kind` names a passage's kind from its text alone; :func:`asked` names
the kinds a question or claim is about, which are then kept. Pure text rules, no I/O:
the library's search (search/local.py) and the engine's choice of a cited passage
(reference/engine.py) use them.
"""

from __future__ import annotations

import regex

from deepref.reference.locators import Mark
from deepref.reference.words import PROSE_END

CONTENTS = "contents"
INDEX = "index"
LICENCE = "licence"

# "Chapter title ........ 12" or ". . . . 12": a leader of four dots or more, then a page number
# (begun only at a run's first dot, possessive: a run of dots is scanned once)
_LEADER = regex.compile(r"(?<!\.\s?)(?:\.\s?){4,}+\s*(?:\d{1,4}|[ivxlc]{1,6})\b")
_CONTENTS_HEAD = regex.compile(r"^\s*(?:table\s+of\s+contents|contents)\s*$", regex.I | regex.M)
# an index entry's locators: "rating curve, 12, 45-47" (two numbers or more after a comma)
# (a term of at most 60 characters: a long run of words is not scanned from each letter)
_INDEX_ENTRY = regex.compile(
    r"\p{L}[\p{L}\p{M}'\-\s]{0,60},\s*\d{1,4}(?:[-–]\d{1,4})?(?:\s*,\s*\d{1,4}(?:[-–]\d{1,4})?)*"
)
_INDEX_HEAD = regex.compile(r"^\s*(?:general\s+)?index\s*$", regex.I | regex.M)
_LICENCE = regex.compile(
    r"permission is hereby granted|without warranty of any kind|provided (?:by the copyright holders )?"
    r"[\"“]?as is[\"”]?|gnu (?:lesser |affero |free )?(?:general public|documentation) license|"
    r"licensed under the apache license|creative commons (?:attribution|legal code|corporation)|"
    r"redistribution and use in source and binary forms|merchantability|fitness for a particular purpose|"
    r"you may not use this file except in compliance|this (?:program|library|document) is free software|"
    r"free software foundation|invariant sections|liable for any (?:claim|damages)|"
    r"the above copyright notice and this permission notice|sublicense",
    regex.I,
)
_ASKED = {
    CONTENTS: regex.compile(r"\b(?:table of contents|contents|chapters?|outline)\b", regex.I),
    INDEX: regex.compile(r"\bindex(?:es)?\b", regex.I),
    LICENCE: regex.compile(
        r"\b(?:licen[cs]\w*|copyright\w*|warrant\w*|permission\w*|redistribut\w*|copyleft|gpl|lgpl|apache|mit|"
        r"creative commons|liabilit\w*|liable|sublicens\w*)\b",
        regex.I,
    ),
}


def kind(text: str) -> str | None:
    """The boilerplate kind of a passage (``contents``, ``index``, ``licence``), or None
    when it reads as body text. A passage is a table of contents with two dot leaders
    ending in a page number (or a "Contents" heading and one), an index when most of
    it is entries with page numbers, licence text with two of the licences' stock
    phrases (one is quoted in body text now and then)."""
    words = len(text.split())
    if not words:
        return None
    leaders = len(_LEADER.findall(text))
    if leaders >= 2 or (leaders and _CONTENTS_HEAD.search(text)):
        return CONTENTS
    entries = _INDEX_ENTRY.findall(text)
    if len(entries) >= 4 and sum(len(e.split()) for e in entries) >= 0.6 * words:
        return INDEX
    if len(entries) >= 2 and _INDEX_HEAD.search(text):
        return INDEX
    if len({m.group(0).lower() for m in _LICENCE.finditer(text)}) >= 2:
        return LICENCE
    return None


def asked(question: str) -> frozenset[str]:
    """The boilerplate kinds ``question`` (a query or a claim) is about: passages of these
    kinds are then answers like any other."""
    return frozenset(k for k, pattern in _ASKED.items() if pattern.search(question))


_NOT_WORD = regex.compile(r"[\W_]+")
MIN_QUOTED_WORDS = 4  # fewer words in a row are found in any passage


def quoted(claim: str, passage: str) -> bool:
    """``claim`` repeats a run of ``passage``'s words (four or more, in order; case and
    punctuation aside). A claim that quotes a boilerplate passage is about it, whatever
    its kind: a theme's slide that holds a beta warning beside its licence is one
    passage of licence text, and the warning quoted word for word cited another slide."""
    words = _NOT_WORD.sub(" ", claim.casefold()).split()
    if len(words) < MIN_QUOTED_WORDS:
        return False
    return f" {' '.join(words)} " in f" {_NOT_WORD.sub(' ', passage.casefold())} "


_LISTS = frozenset({CONTENTS, INDEX})  # kinds made of entries, never of sentences
_MIN_SENTENCE_WORDS = 6  # an entry has fewer


def prose(text: str) -> bool:
    """``text`` is mostly prose: half its words or more lie in sentences of six words
    or more that end as a sentence ends, and whose characters are mostly letters."""
    words = text.split()
    held, sentence = 0, []
    for word in words:
        sentence.append(word)
        if PROSE_END.search(word):  # a sentence's end after a letter: an entry ends with its page number
            if len(sentence) >= _MIN_SENTENCE_WORDS:
                chars = "".join(sentence)
                held += len(sentence) * (sum(c.isalpha() for c in chars) >= 0.6 * len(chars))
            sentence = []
    return bool(words) and held >= 0.5 * len(words)


def body_sentence(sentence: str) -> bool:
    """A sentence of a boilerplate passage that is body text all the same: prose, with
    no dot leader, index entry, licence phrase or licensing word (a slide that holds a
    beta warning and the package's licence is one passage of licence text; the
    warning is what a claim about the package's versions cites)."""
    return prose(sentence) and not any(p.search(sentence) for p in (_LEADER, _INDEX_ENTRY, _LICENCE, _ASKED[LICENCE]))


def page_kinds(text: str, marks: tuple[Mark, ...] | list[Mark]) -> list[tuple[int, int, str]]:
    """(start, end, kind) of the pages of ``text`` (by its page marks) that are
    boilerplate as a whole: a passage cut from the middle of a licence page may hold
    none of its stock phrases, but its page does."""
    pages = [m for m in marks if m.kind == "page"]
    out = []
    for i, mark in enumerate(pages):
        end = pages[i + 1].start if i + 1 < len(pages) else len(text)
        found = kind(text[mark.start : end])
        if found is not None:
            out.append((mark.start, end, found))
    return out


def flags(text: str, marks: tuple[Mark, ...] | list[Mark], spans: list[tuple[int, int]]) -> list[str | None]:
    """The boilerplate kind of each passage ``spans`` (start, end) of ``text``: its own,
    else that of the boilerplate page it lies in (:func:`page_kinds`), unless that kind
    is a list (contents, an index) and the passage is prose: a contents page often
    ends with the introduction's first paragraphs, or carries a footnote, and those
    are body text (on a real manual's second page every claim about its introduction
    cited page 9 instead). Licence text is prose, so a licence page covers all of it."""
    pages = page_kinds(text, marks)
    out: list[str | None] = []
    for start, end in spans:
        found = kind(text[start:end])
        if found is None:
            found = next((k for s, e, k in pages if s <= start and end <= e + 1), None)
            if found in _LISTS and prose(text[start:end]):
                found = None
        out.append(found)
    return out
