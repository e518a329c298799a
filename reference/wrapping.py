"""Which line breaks of a text are hard wraps (a paragraph folded at 80 or 120 columns).

Extracted web text has one paragraph, heading or list item per line, so there a
line break ends a sentence. Notes written in an editor are often folded at a fixed
width instead: cutting them at every line break quotes fragments that start in
mid-sentence. The two look alike line by line, so the decision reads the lines
around each break:

- the width ``W`` is the longest prose line nearby, if another one nearly reaches
  it (folded lines bunch under the width); real folds use 50 to 160 columns;
- a greedy wrapper moves a word to the next line only when it does not fit, so a
  folded line plus one space plus the next line's first word exceeds ``W``
  (within a few columns: people fold by hand too);
- a folded text shows it more than once nearby: at least two lines that reach the
  width in mid-sentence. One long title over a paragraph does not;
- given that evidence, a next line that starts in lower case continues the
  sentence even after a short line.

A break before a block (list item, heading, table row, quote, fence) or after a
heading or table row is never a wrap. The choice is local (a window of lines
around the break), so the answer is the same whatever span of the text is split.
Measured on real folded Markdown and extracted pages in benchmarks/bench_no_llm.py.
"""

from __future__ import annotations

import bisect
import functools
import re

MIN_WIDTH, MAX_WIDTH = 50, 160  # editors and formatters fold at 72-120 columns
WINDOW = 8  # lines on each side that testify about the width
MIN_EVIDENCE = 2  # lines reaching the width in mid-sentence nearby: one long title is not a fold
SLACK = 4  # columns: hand-folded notes stop a little short of the width
# a list item, heading, quote, table row or fence starts a block of its own
_BLOCK_START = re.compile(r"[ \t]*(?:[-*+•][ \t]|\d{1,3}[.)][ \t]|#{1,6}(?:[ \t]|$)|>|\||```|~~~)")
_FENCE = re.compile(r"[ \t]*(?:```|~~~)")
_FENCE_LINE = re.compile(r"^[ \t]*(?:```|~~~)", re.M)
_NO_CONTINUATION = re.compile(r"[ \t]*(?:#|\||```|~~~)")  # a heading, table row or fence ends its line
_ASCII_END = re.compile(r"[.!?][\"')\]]*$")  # as reference.chunking ends a sentence
_CJK_END = re.compile(r"[。！？][」』”）]*$")
_ENDS_SENTENCE = re.compile(r"[.!?:;。！？…][\"'”’)\]]*$")


def wrap_breaks(text: str, start: int = 0, end: int | None = None) -> frozenset[int]:
    """Offsets of the ``\\n`` in ``text[start:end]`` that fold a paragraph (not a
    sentence end). Empty for text that is not folded at a fixed width."""
    end = len(text) if end is None else end
    if text.find("\n", start, end) < 0:
        return frozenset()
    lines = _lines_around(text, start, end)
    body = [text[s:e].rstrip() for s, e in lines]
    prose = _prose(body, _inside_fence(text, lines[0][0]))
    joins = [prose[i] and _continues(body, i) for i in range(len(body))]
    # the width is the costly part: only measured where a fold could matter
    full = [joins[i] and _may_fold(body, i) and _full(body, _width(body, prose, i), i) for i in range(len(body))]
    # a line that reaches the width in mid-sentence is the evidence that the text is folded
    telling = [f and not _ENDS_SENTENCE.search(b) for f, b in zip(full, body, strict=True)]
    out = set()
    for i in range(len(lines) - 1):
        newline = lines[i][1] + (text[lines[i][1]] == "\r")
        if not (joins[i] and start <= newline < end):
            continue
        # a next line in lower case continues a sentence even when this one is short
        lower = body[i + 1].lstrip()[:1].islower()
        if (full[i] or lower) and sum(telling[max(0, i - WINDOW) : i + WINDOW + 1]) >= MIN_EVIDENCE:
            out.add(newline)
    return frozenset(out)


def _lines_around(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Line spans (without ``\\r\\n``) covering ``[start, end)`` and WINDOW lines more
    on each side, so a break's fate never depends on where the caller cut the text."""
    lo = text.rfind("\n", 0, start) + 1
    for _ in range(WINDOW):
        if lo == 0:
            break
        lo = text.rfind("\n", 0, lo - 1) + 1
    hi = end
    for _ in range(WINDOW + 2):
        nxt = text.find("\n", hi)
        if nxt < 0:
            hi = len(text)
            break
        hi = nxt + 1
    spans = []
    pos = lo
    while pos < hi:
        nl = text.find("\n", pos, hi)
        stop = hi if nl < 0 else nl
        spans.append((pos, stop - 1 if stop > pos and text[stop - 1] == "\r" else stop))
        pos = stop + 1
    return spans


def _inside_fence(text: str, pos: int) -> bool:
    """``pos`` lies in a fenced code block (an odd number of fence lines before it)."""
    return bisect.bisect_left(_fence_lines(text), pos) % 2 == 1


@functools.lru_cache(maxsize=16)
def _fence_lines(text: str) -> list[int]:
    # The engine splits a source passage by passage; without this memo of a pure
    # function each call would rescan the whole text (a str caches its hash, and a
    # lookup with the same object is an identity check, so a hit costs nothing).
    if "```" not in text and "~~~" not in text:
        return []
    return [m.start() for m in _FENCE_LINE.finditer(text)]


def _prose(body: list[str], fenced: bool) -> list[bool]:
    """Lines that may be folded prose: not code (inside a fence), not a table row,
    not a line holding a URL (a URL is never folded, so it may overrun the width)."""
    out = []
    for line in body:
        fence = _FENCE.match(line) is not None
        fenced ^= fence
        out.append(not (fence or fenced) and not line.lstrip().startswith("|") and "://" not in line)
    return out


def _width(body: list[str], prose: list[bool], i: int) -> int:
    """The folding width near line ``i``: the longest prose line that another one
    nearly reaches (folded lines bunch under the width; a lone long line is not a
    width). 0 when no two lines bunch."""
    lo, hi = max(0, i - WINDOW), i + WINDOW + 2
    near = sorted((len(b) for b, p in zip(body[lo:hi], prose[lo:hi], strict=True) if p), reverse=True)
    if len(near) >= 2 and near[1] >= near[0] - max(8, near[0] // 10):
        return near[0]
    return 0


def _continues(body: list[str], i: int) -> bool:
    """Line ``i + 1`` may continue line ``i``'s paragraph: both hold text, the next
    starts no block and this one is no heading or table row."""
    if i + 1 >= len(body) or not body[i].strip() or not body[i + 1].strip():
        return False
    return not (_BLOCK_START.match(body[i + 1]) or _NO_CONTINUATION.match(body[i]))


def _may_fold(body: list[str], i: int) -> bool:
    """Cheap necessary conditions for a fold that changes a split: the line could
    reach the least width, and it does not end a sentence that split_sentences ends
    anyway (``.!?`` before a capital, or a CJK full stop)."""
    if len(body[i]) + 1 + len(body[i + 1].split(None, 1)[0]) <= MIN_WIDTH - SLACK:
        return False
    if _CJK_END.search(body[i]):
        return False
    return not (_ASCII_END.search(body[i]) and not body[i + 1].lstrip()[:1].islower())


def _full(body: list[str], width: int, i: int) -> bool:
    """A greedy wrapper at ``width`` would have folded line ``i`` here: the next
    line's first word does not fit on it (within SLACK columns)."""
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        return False
    return len(body[i]) + 1 + len(body[i + 1].split(None, 1)[0]) > width - SLACK
