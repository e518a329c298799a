"""Rewriting citation markers while the model is still writing.

``ReferenceStream`` takes text deltas as they arrive and returns rewritten text at
once, holding back only what might still become a marker: from a ``[`` or ``<``
that a marker pattern could continue, or a run of backticks that might open or
close code. A false start is released unchanged. ``close()`` flushes the tail
and appends the reference list.

Whatever way the text is split into deltas, the output is the same as
:func:`rewrite_markers` on the whole text (a hypothesis test feeds random
splits). That holds because every decision depends only on the text: a pattern
match is accepted only when at least one character follows it (or the stream
is closed), and the patterns are bounded so a partial match cannot grow forever.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass

import regex

from deepref.reference.markers import _expand
from deepref.reference.models import Reference, Source
from deepref.reference.numbering import Numbering
from deepref.reference.styles import Style, get_style

_STREAM_PATTERN = regex.compile(
    r"(?P<tag><sources>\s{0,3}\[(?P<tag_ids>[0-9,;\s\-–—]{0,120})\]\s{0,3}</sources>)"
    r"|(?P<link>\[\d{1,6}\]\(\s{0,3}id\s{0,3}=\s{0,3}(?P<link_id>[^)\s]{1,64})\s{0,3}\))"
    r"|(?P<foot>\[\^(?P<foot_id>[^\]\s]{1,64})\])"
    r"|(?P<brk>\[(?P<brk_ids>\s{0,3}\d{1,6}\s{0,3}(?:[,;\-–—]\s{0,3}\d{1,6}\s{0,3}){0,30})\](?![(:]))"
)


@dataclass(slots=True)
class _State:
    fence: bool = False  # inside a ``` fenced block
    inline: int = 0  # backtick count of the open inline code span, 0 when none
    prev: str = "\n"  # last character emitted (start of text counts as a line start)
    line_blank: bool = True  # only spaces since the last newline


class ReferenceStream:
    """Streaming rewriter of model markers into ``style`` markers, numbered per source."""

    def __init__(
        self,
        sources: Sequence[Source],
        *,
        source_key: Callable[[Source], str] | None = None,
        style: str | Style = "markdown",
    ):
        self.sources = list(sources)
        self.warnings: list[str] = []
        self._style = get_style(style)
        self._numbering = Numbering(source_key)
        self._by_id = {s.id: s for s in self.sources}
        self._positional = all(not s.id.isdigit() for s in self.sources)
        self._cited: dict[int, Reference] = {}
        self._pending = ""
        self._closed = False
        self._state = _State()

    def feed(self, delta: str) -> str:
        """Rewritten text that is final now; holds back a possible marker start."""
        if self._closed:
            raise ValueError("feed() after close(): create a new ReferenceStream")
        self._pending += delta
        return self._drain(final=False)

    def flush(self) -> str:
        """The held-back tail, as :meth:`close` would give it, but the stream stays
        open: for the end of a part (a report's section) that later text must not
        complete into a marker. Numbering goes on across parts."""
        if self._closed:
            raise ValueError("flush() after close(): create a new ReferenceStream")
        return self._drain(final=True)

    def close(self) -> str:
        """The held-back tail, then the reference list of every cited source."""
        tail = self._drain(final=True)
        self._closed = True
        listing = self._style.reference_list(sorted((n, [r]) for n, r in self._cited.items()))
        return tail + ("\n\n" + listing if listing else "")

    @property
    def references(self) -> list[Reference]:
        return [self._cited[n] for n in sorted(self._cited)]

    async def rewrite(self, deltas: AsyncIterator[str]) -> AsyncIterator[str]:
        """Wrap an async iterator of model deltas (e.g. an OpenAI stream)."""
        async for delta in deltas:
            out = self.feed(delta)
            if out:
                yield out
        yield self.close()

    # -- internals ------------------------------------------------------------------
    def _drain(self, final: bool) -> str:
        text, out, i, st = self._pending, [], 0, self._state
        while i < len(text):
            ch = text[i]
            if ch == "`":
                j = i
                while j < len(text) and text[j] == "`":
                    j += 1
                if j == len(text) and not final:
                    break  # the run may continue
                self._backticks(j - i)
                out.append(text[i:j])
                self._advance(text[i:j])
                i = j
                continue
            if ch in "[<" and not st.fence and not st.inline:
                m = _STREAM_PATTERN.match(text, i, partial=not final)
                if m is not None and (m.partial or m.end() == len(text)) and not final:
                    break  # could still become (a longer) marker
                if m is not None and not m.partial:
                    out.append(self._replace(m))
                    st.prev, st.line_blank = "]", False
                    i = m.end()
                    continue
            out.append(ch)
            self._advance(ch)
            i += 1
        self._pending = text[i:]
        return "".join(out)

    def _backticks(self, run: int) -> None:
        st = self._state
        if st.fence:
            if run >= 3 and st.line_blank:
                st.fence = False
        elif st.inline:
            if run == st.inline:
                st.inline = 0
        elif run >= 3 and st.line_blank:
            st.fence = True
        else:
            st.inline = run

    def _advance(self, s: str) -> None:
        st = self._state
        for ch in s:
            if ch == "\n":
                st.line_blank = True
            elif ch not in " \t":
                st.line_blank = False
        st.prev = s[-1]

    def _replace(self, m: regex.Match) -> str:
        if m.group("tag") is not None:
            ids = _expand(m.group("tag_ids"), self.warnings)
        elif m.group("link") is not None:
            ids = (m.group("link_id"),)
        elif m.group("foot") is not None:
            ids = (m.group("foot_id"),)
        else:
            ids = _expand(m.group("brk_ids"), self.warnings)
        numbers: list[int] = []
        for raw in ids:
            src = self._source(raw)
            if src is None:
                self.warnings.append(f"citation id {raw!r} names no source; dropped")
                continue
            n = self._numbering.number(src)
            self._cited.setdefault(
                n, Reference(n, src.id, src.url, src.title or src.url, "", (0, 0), (0, 0), 0.0, src.date, "", "model")
            )
            if n not in numbers:
                numbers.append(n)
        return "".join(self._style.marker(n, [self._cited[n]]) for n in sorted(numbers))

    def _source(self, raw: str) -> Source | None:
        src = self._by_id.get(raw)
        if src is None and self._positional and raw.isdigit() and 1 <= int(raw) <= len(self.sources):
            src = self.sources[int(raw) - 1]
        return src


def rewrite_markers(
    text: str,
    sources: Sequence[Source],
    *,
    source_key: Callable[[Source], str] | None = None,
    style: str | Style = "markdown",
) -> tuple[str, list[Reference], list[str]]:
    """The whole-text twin of :class:`ReferenceStream`: (text, references, warnings)."""
    stream = ReferenceStream(sources, source_key=source_key, style=style)
    out = stream.feed(text) + stream.close()
    return out, stream.references, stream.warnings
