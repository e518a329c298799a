"""Citation markers written by language models, found and removed.

Syntaxes (from the seeds): ``[n]`` and ``[1][2]`` (RAGQA), lists and ranges
``[1, 3]`` ``[1-3]`` ``[1–3]``, ``[^n]``, ``[n](id=k)`` (langchain-references: the
id ``k`` names the fragment, ``n`` is the model's own count and is ignored) and
``<sources>[1, 2]</sources>`` (writer_node: the claim *follows* the tag; an empty
tag is simply removed).

Not markers: anything inside inline code or fenced code blocks (so ``arr[1]`` in
backticks stays as written); a Markdown link ``[1](https://…)``; a reference
definition ``[1]: …`` at the start of a line. Outside code, ``word[1]`` is a
citation: models glue markers to words as often as they space them.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Literal

from deepref.reference.segmentation import _FENCE, _merge, code_spans

MAX_IDS_PER_MARKER = 50
"""A range like ``[1-999999]`` is a model glitch, not a million citations."""

# Linear on any text (docs/security.md): no part between brackets holds a ``[``, so an
# unclosed ``[^`` or ``<sources>[`` is scanned up to the next ``[`` only.
_ID_LIST = r"\s*\d+\s*(?:(?:,|;|-|–|—)\s*\d+\s*)*"
_PATTERN = re.compile(
    r"(?P<tag><sources>\s*+\[(?P<tag_ids>[^\[\]]*+)\]\s*+</sources>)"
    r"|(?P<link>\[\d++\]\(\s*+id\s*+=\s*+(?P<link_id>[^)\[\s]++)\s*+\))"
    r"|(?P<foot>\[\^(?P<foot_id>[^\[\]\s]++)\])"
    rf"|(?P<brk>\[(?P<brk_ids>{_ID_LIST})\](?![(:]))"
)


@dataclass(frozen=True, slots=True)
class Marker:
    start: int
    end: int
    ids: tuple[str, ...]
    syntax: Literal["bracket", "footnote", "link_id", "sources_tag"]
    attach: Literal["before", "after"]


def parse_markers(text: str) -> tuple[list[Marker], list[str]]:
    """Markers in reading order, and warnings (e.g. a range that was capped)."""
    code = _merge([m.span() for m in _FENCE.finditer(text)] + code_spans(text))
    code_starts = [s for s, _ in code]  # a lookup per marker, not a scan of every code span
    markers: list[Marker] = []
    warnings: list[str] = []
    for m in _PATTERN.finditer(text):
        start, end = m.span()
        k = bisect.bisect_right(code_starts, start) - 1
        if k >= 0 and start < code[k][1]:
            continue
        if m.group("tag") is not None:
            ids = _expand(m.group("tag_ids"), warnings)
            markers.append(Marker(start, end, ids, "sources_tag", "after"))
            continue
        if m.group("link") is not None:
            markers.append(Marker(start, end, (m.group("link_id"),), "link_id", "before"))
        elif m.group("foot") is not None:
            markers.append(Marker(start, end, (m.group("foot_id"),), "footnote", "before"))
        else:
            if _line_start(text, start) and text[end : end + 1] == ":":
                continue
            markers.append(Marker(start, end, _expand(m.group("brk_ids"), warnings), "bracket", "before"))
    return markers, warnings


def find_markers(text: str) -> list[Marker]:
    return parse_markers(text)[0]


def _line_start(text: str, pos: int) -> bool:
    return pos == 0 or text[pos - 1] == "\n"


def _expand(raw: str, warnings: list[str]) -> tuple[str, ...]:
    ids: list[str] = []
    for part in re.split(r"[,;]", raw):
        part = part.strip()
        if not part:
            continue
        bounds = re.split(r"\s*[-–—]\s*", part)
        if len(bounds) == 2 and all(b.isdigit() for b in bounds):
            lo, hi = int(bounds[0]), int(bounds[1])
            if hi < lo:
                lo, hi = hi, lo
            if hi - lo + 1 > MAX_IDS_PER_MARKER:
                warnings.append(
                    f"citation range [{part}] names {hi - lo + 1} sources; kept the first {MAX_IDS_PER_MARKER}"
                )
                hi = lo + MAX_IDS_PER_MARKER - 1
            ids.extend(str(i) for i in range(lo, hi + 1))
        elif part.isdigit():
            ids.append(str(int(part)))
        else:
            warnings.append(f"ignored citation id {part!r}: not a number")
    seen: dict[str, None] = dict.fromkeys(ids)
    return tuple(seen)[:MAX_IDS_PER_MARKER]


_TIGHT_AFTER = set(" \t.,;:!?)]}。，、；：！？）」』\n\r")


def _run_end(text: str, end: int, starts: set[int]) -> bool:
    """After a run of adjacent markers comes punctuation, a line end or the end."""
    while end in starts:
        m = _PATTERN.match(text, end)
        if m is None:
            break
        end = m.end()
    nxt = text[end : end + 1]
    return nxt == "" or nxt in _TIGHT_AFTER


def strip_markers(text: str, markers: list[Marker]) -> tuple[str, list[int]]:
    """Text without the markers, whitespace tidied, and where each marker stood in it.

    A space left dangling before punctuation, a line break or another space goes
    with the marker (``claim [1].`` -> ``claim.``); a ``<sources>`` tag alone on its
    line takes the line break with it.
    """
    out: list[str] = []
    positions: list[int] = []
    length = prev = 0
    ordered = sorted(markers, key=lambda m: m.start)
    starts = {m.start for m in ordered}
    for marker in ordered:
        start, end = marker.start, marker.end
        if start < prev:  # overlapping (cannot happen with one regex pass); be safe
            positions.append(length)
            continue
        chunk = text[prev:start]
        nxt = text[end : end + 1]
        if _run_end(text, end, starts) and (chunk.endswith((" ", "\t")) or (not chunk and out)):
            if chunk:
                chunk = chunk.rstrip(" \t")
            elif out[-1].endswith((" ", "\t")):  # [1][2] after a space: the space goes too
                stripped = out[-1].rstrip(" \t")
                length -= len(out[-1]) - len(stripped)
                out[-1] = stripped
                positions[-1] = min(positions[-1], length)
        tag_line = nxt == "\n" and (chunk == "" or chunk.endswith("\n"))
        if marker.attach == "after" and (tag_line or nxt in (" ", "\t")):
            end += 1
        out.append(chunk)
        length += len(chunk)
        positions.append(length)
        prev = end
    out.append(text[prev:])
    return "".join(out), positions
