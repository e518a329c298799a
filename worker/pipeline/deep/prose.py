"""Findings from a reading the model answered in prose instead of the JSON asked for. Pure.

Many models answer in prose whatever format they are asked for. Their reading
still holds evidence, taken in this order:

1. The prose's sentences that carry ``[n]`` markers of passages the model was
   shown: each becomes a finding citing those passages (its text is verified
   against them when the report cites it, like any claim of the model's).
2. When no sentence cites a passage shown, the passages' own sentences most
   about the question, ranked as the extractive answer ranks them
   (``worker.pipeline.extractive``), each citing its passage: a passage's own
   sentence is supported by it.

A marker of a passage the model was not shown (``[99]``) or one that is not a
number (``[abc]``, ``[^x]``) is dropped, and the warnings say so. The first warning
of every prose reading names the fallback taken.
"""

from __future__ import annotations

import re

from deepref.reference.chunking import split_sentences
from deepref.reference.markers import Marker, parse_markers, strip_markers
from deepref.reference.tokens import TokenIndex
from deepref.worker.inference.llm import Passage
from deepref.worker.pipeline.deep.planning import Finding, Reading
from deepref.worker.pipeline.extractive import answers, rank_sentences, top_sentences

PASSAGE_FINDINGS = 6
"""Sentences of the passages kept when the prose cites none (the extractive answer's
bullets are five; a round shows up to ten passages)."""
MIN_CLAIM_WORDS = 4  # "See [2]." is not a finding

# "[Passage 2]", "[Sources 1 and 3]": the passages' numbers written out
_NAMED = re.compile(
    r"\[\s*(?:passages?|sources?|refs?|references?)\s*#?\s*(\d+(?:\s*(?:,|and|&)\s*\d+)*)\s*\]", re.IGNORECASE
)
# any other short bracketed text outside a Markdown link or a reference definition
_BRACKETS = re.compile(r"\[([^\[\]\n]{1,30})\](?![(:])")
_BULLET = re.compile(r"^(?:[-*•]|\d+[.)])\s+")


def prose_reading(text: str, passages: list[dict], question: str, n: int, tokens: TokenIndex | None = None) -> Reading:
    """The findings of round ``n``'s reading ``text`` (not JSON) of ``passages`` (the
    round's, as shown: ``n``, ``title``, ``url``, ``text``); no gaps, not covered.
    ``tokens``: the job's ``TokenIndex``, so that verification finds the passages'
    sentences tokenised."""
    head = f"round {n}: the model's reading was not the JSON asked for"
    findings, warnings = cited_sentences(text, {p["n"] for p in passages}, n)
    if findings:
        kept = f"{head}; kept {len(findings)} of its sentences citing passages shown as findings"
        return Reading(findings, [], False, [kept, *warnings])
    findings = passage_sentences(question, passages, tokens)
    if findings:
        kept = (
            f"{head} and cited no passage shown; kept {len(findings)} sentence(s) of the passages "
            "most about the question as findings"
        )
        return Reading(findings, [], False, [kept, *warnings])
    none = f"{head} and cited no passage shown, and no sentence of the passages is about the question; no finding kept"
    return Reading([], [], False, [none, *warnings])


def cited_sentences(text: str, shown: set[int], n: int) -> tuple[list[Finding], list[str]]:
    """The sentences of ``text`` that cite passages in ``shown``, markers removed, and
    warnings for the markers dropped."""
    text = _NAMED.sub(lambda m: "[" + re.sub(r"\s*(?:and|&)\s*", ", ", m.group(1)) + "]", text)
    markers, marker_warnings = parse_markers(text)
    taken = [(m.start, m.end) for m in markers]
    odd = [
        Marker(m.start(), m.end(), (), "bracket", "before")
        for m in _BRACKETS.finditer(text)
        if not any(s < m.end() and m.start() < e for s, e in taken)
    ]
    malformed = [text[m.start : m.end] for m in odd]
    everything = sorted([*markers, *odd], key=lambda m: m.start)
    plain, positions = strip_markers(text, everything)
    spans = split_sentences(plain)
    cites: list[set[int]] = [set() for _ in spans]
    unknown: set[int] = set()
    for marker, pos in zip(everything, positions, strict=True):
        if marker.attach == "after":  # a tag before its claim
            i = next((k for k, (_, e) in enumerate(spans) if e > pos), None)
        else:  # a marker after its claim, also when the sentence's full stop came first
            i = next((k for k in range(len(spans) - 1, -1, -1) if spans[k][0] < pos), None)
        for raw in marker.ids:
            if not raw.isdigit():
                malformed.append(f"[{raw}]" if marker.syntax == "bracket" else text[marker.start : marker.end])
            elif int(raw) not in shown:
                unknown.add(int(raw))
            elif i is not None:
                cites[i].add(int(raw))
    findings: list[Finding] = []
    seen: set[str] = set()
    for (start, end), numbers in zip(spans, cites, strict=True):
        claim = _claim(plain[start:end])
        if numbers and len(claim.split()) >= MIN_CLAIM_WORDS and claim.lower() not in seen:
            seen.add(claim.lower())
            findings.append(Finding(claim, sorted(numbers)))
    warnings = [f"round {n}: in the model's prose reading, {w}" for w in marker_warnings]
    if unknown:
        warnings.append(
            f"round {n}: dropped citation(s) {sorted(unknown)} of the model's prose reading: "
            "it was not shown passage(s) with those numbers"
        )
    if malformed:
        shown_marks = ", ".join(dict.fromkeys(malformed))
        warnings.append(f"round {n}: dropped citation marker(s) that are not passage numbers: {shown_marks}")
    return findings, warnings


def passage_sentences(question: str, passages: list[dict], tokens: TokenIndex | None = None) -> list[Finding]:
    """The passages' sentences most about ``question``, each citing its passage; none
    when not even the best one is about it (``extractive.answers``)."""
    shown = [Passage(p["n"], p.get("title", ""), p.get("url", ""), p["text"]) for p in passages]
    ranked = rank_sentences(question, shown, tokens=tokens)
    if not answers(ranked):
        return []
    return [
        Finding(ranked.candidates[i][1], [ranked.candidates[i][0]]) for i in top_sentences(ranked, PASSAGE_FINDINGS)
    ]


def _claim(sentence: str) -> str:
    """A sentence as a finding: one line, without a list bullet or bold marks."""
    claim = " ".join(sentence.replace("**", "").split())
    return _BULLET.sub("", claim).strip()
