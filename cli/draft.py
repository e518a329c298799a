"""The write-up on a terminal as the model writes it.

Both ``deepref result --follow`` (events read from Redis) and ``deepref research``
(events of the in-process job) print draft events here, between progress lines.
A terminal cannot take back what it printed, so when a stage runs again and its
text starts over, the restart is said in words and the draft reprinted."""

from __future__ import annotations

from typing import TextIO


class DraftEcho:
    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.draft = ""
        self.line_open = False  # the last thing written did not end its line

    def write(self, text: str) -> None:
        if text:
            self.out.write(text)
            self.out.flush()
            self.line_open = not text.endswith("\n")

    def line(self, text: str) -> None:
        """A line of its own (a progress line), after the draft's unfinished line."""
        self.write(("\n" if self.line_open else "") + text + "\n")

    def end(self) -> None:
        self.write("\n" if self.line_open else "")

    def draft_event(self, offset: int, text: str) -> None:
        if offset < len(self.draft):  # the stage runs again: its text starts over
            self.line("[the answer is being written again]")
            self.draft = self.draft[:offset]
            self.write(self.draft)
        self.write(text)
        self.draft += text
