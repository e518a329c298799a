"""Writing ``[^n]`` markers into an answer without disturbing anything else.

Removing every inserted marker gives back the input exactly (a hypothesis test
checks this). Positions come from segment ends; the seed's list rule then moves a
marker before a closing punctuation mark when a list item follows, so
``…done.\\n* next`` becomes ``…done[^1].``; a CJK full stop always comes after
the marker. The peer applied the rule to ``*``
bullets only; here ``-``, ``+`` and ordered items (``1.``, ``1)``) count too.
"""

from __future__ import annotations

import re
from collections import defaultdict

from deepref.reference.segmentation import Layout

_NEXT_LIST_ITEM = re.compile(r"[ \t]*\r?\n[ \t]*(?:[-*+]|\d+[.)])[ \t]+")
_CLOSING = ".!?。！？"
# Chinese and Japanese typography puts a note mark before the full stop (the seed's
# own example: ``分支[^1]。``); English puts it after, except before a list item.
_CJK_CLOSING = "。！？"


def marker_position(layout: Layout, segment_start: int, segment_end: int) -> int | None:
    """Where the marker of the segment ``[start, end)`` goes, or None if nowhere fits."""
    text = layout.text
    pos = segment_end
    if pos > segment_start and (
        text[pos - 1] in _CJK_CLOSING or (_NEXT_LIST_ITEM.match(text, pos) and text[pos - 1] in _CLOSING)
    ):
        pos -= 1
    while pos > segment_start and not layout.can_insert(pos):
        pos -= 1
    return pos if pos > segment_start and layout.can_insert(pos) else None


def insert_markers(
    text: str, placements: list[tuple[int, int]], fmt: str = "[^{n}]"
) -> tuple[str, list[tuple[int, int, int]]]:
    """Insert one marker per ``(position, n)``; several at one position are written in
    ascending ``n`` without duplicates. Returns the new text and ``(start, end, n)`` of
    every marker in it."""
    at: dict[int, set[int]] = defaultdict(set)
    for pos, n in placements:
        if not 0 <= pos <= len(text):
            raise ValueError(f"marker position {pos} is outside the answer (length {len(text)})")
        at[pos].add(n)
    out: list[str] = []
    spans: list[tuple[int, int, int]] = []
    length = prev = 0
    for pos in sorted(at):
        out.append(text[prev:pos])
        length += pos - prev
        for n in sorted(at[pos]):
            marker = fmt.format(n=n)
            out.append(marker)
            spans.append((length, length + len(marker), n))
            length += len(marker)
        prev = pos
    out.append(text[prev:])
    return "".join(out), spans


def remove_markers(text: str, spans: list[tuple[int, int, int]]) -> str:
    """Inverse of :func:`insert_markers` (used by tests and by renumbering)."""
    out, prev = [], 0
    for start, end, _ in sorted(spans):
        out.append(text[prev:start])
        prev = end
    out.append(text[prev:])
    return "".join(out)
