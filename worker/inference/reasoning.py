"""A reasoning model's thinking, kept out of answers, plans and drafts.

Reasoning models write their thinking in one of three ways, and all three are
handled here:

- a separate field (``reasoning_content``, ``reasoning``) beside ``content``: the
  chat client never reads it as text, and counts its characters;
- tags inside ``content``: ``<think>…</think>`` (also ``<thinking>`` and
  ``<reasoning>``), possibly several, possibly cut across stream deltas;
- a closing ``</think>`` with no opening tag, when the chat template opened the
  block in the prompt (DeepSeek-R1 served raw): everything before it is thinking.
  A stream cannot know this until the closing tag arrives, so the filter then says
  *retract*: what it let through so far was thinking, and the draft is restarted.

The filter is pure: text in, visible text out, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TAGS = ("think", "thinking", "reasoning")
_OPEN = re.compile(r"<(?:" + "|".join(_TAGS) + r")>", re.I)
_CLOSE = re.compile(r"</(?:" + "|".join(_TAGS) + r")>", re.I)
_LONGEST_TAG = max(len(f"</{t}>") for t in _TAGS)


@dataclass(frozen=True, slots=True)
class Visible:
    """What one delta adds to the visible text; ``retract``: drop all visible text
    given before this (it was thinking whose opening tag was in the prompt)."""

    text: str
    retract: bool = False


class ReasoningFilter:
    """Splits a model's text, fed in pieces, into visible text and thinking."""

    def __init__(self) -> None:
        self._pending = ""  # text held back: it may be the start of a tag
        self._inside = False
        self._shown = False  # visible text has been given out
        self._closed_once = False
        self.visible = ""
        self.thinking_chars = 0

    def feed(self, delta: str) -> Visible:
        text = self._pending + delta
        self._pending = ""
        out: list[str] = []
        retract = False
        while text:
            if self._inside:
                close = _CLOSE.search(text)
                if close is None:
                    keep = _partial_tag_start(text)
                    self.thinking_chars += keep
                    self._pending = text[keep:]
                    break
                self.thinking_chars += close.start()
                self._inside, self._closed_once = False, True
                text = text[close.end() :]
                continue
            opening, closing = _OPEN.search(text), _CLOSE.search(text)
            if closing is not None and (opening is None or closing.start() < opening.start()):
                if not self._closed_once:
                    # a closing tag with no opening one: all text so far was thinking
                    self.thinking_chars += len(self.visible) + sum(map(len, out)) + closing.start()
                    retract = retract or self._shown or bool(self.visible)
                    self.visible, out = "", []
                    self._closed_once = True
                # a stray closing tag after real thinking blocks is dropped
                text = text[closing.end() :]
                continue
            if opening is not None:
                out.append(text[: opening.start()])
                self._inside = True
                text = text[opening.end() :]
                continue
            keep = _partial_tag_start(text)
            out.append(text[:keep])
            self._pending = text[keep:]
            break
        piece = "".join(out)
        if retract:
            piece = piece.lstrip()
        elif not self.visible:
            piece = piece.lstrip()  # the blank line a model leaves after its thinking
        self.visible += piece
        self._shown = self._shown or bool(piece)
        return Visible(piece, retract)

    def close(self) -> Visible:
        """The end of the text: a held-back piece that was no tag is visible after
        all; an unclosed thinking block stays thinking."""
        rest, self._pending = self._pending, ""
        if self._inside:
            self.thinking_chars += len(rest)
            return Visible("")
        piece = rest if self.visible else rest.lstrip()
        self.visible += piece
        return Visible(piece)


def _partial_tag_start(text: str) -> int:
    """Where a possible unfinished tag starts at the end of ``text`` (its length if none)."""
    start = text.rfind("<", max(0, len(text) - _LONGEST_TAG))
    if start < 0:
        return len(text)
    tail = text[start:].lower()
    for tag in _TAGS:
        for whole in (f"<{tag}>", f"</{tag}>"):
            if whole.startswith(tail):
                return start
    return len(text)


def strip_reasoning(text: str) -> tuple[str, int]:
    """``text`` without its thinking, and the number of thinking characters."""
    f = ReasoningFilter()
    f.feed(text)
    f.close()
    return f.visible.strip(), f.thinking_chars
