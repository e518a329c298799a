"""The write-up as it is written, and how its events add up to the stored answer.

A job's text stream (``Keys.job_text``, apart from its state events) carries two
kinds of event, which the API sends as server-sent events of the same names and
``deepref result --follow`` prints:

``draft`` ``{"offset": int, "text": str}``
    The draft from ``offset`` on is ``text``: ``draft = draft[:offset] + text``.
    The draft is the model's text with its markers rewritten, as they arrive, by
    :class:`reference.stream.ReferenceStream` (``[3]`` becomes ``[^1]``, numbered
    per source in order of first citation). An attempt of a stage starts at offset
    0, so a stage that runs again replaces what a failed attempt wrote.
``answer`` ``{"edits": [[start, end, text], ...], "draft_chars", "chars", "sha256"}``
    Sent once the citations are verified, before the job's ``done``: replacing
    ``draft[start:end]`` by ``text`` for every edit (spans in the draft, sorted,
    not overlapping) gives exactly the stored answer, whose length is ``chars``
    and SHA-256 ``sha256``. ``draft_chars`` is the length of the draft the edits
    are against.

Why edits: ``build_references`` checks every citation after the text is written.
It may drop a marker the passage does not support, add one where a sentence had
none, and renumber; the stored answer is its output, not the draft. The edits are
that difference, usually a few markers and spaces, so a reader shows the text as
it is written and then corrects it in place; nothing in the draft is claimed to be
verified until the ``answer`` event.

Pieces are coalesced: a ``draft`` event goes out at most every
:data:`INTERVAL` seconds, and only once the new text is at least 1/:data:`SHARE`
of what was sent before, so an answer of ``L`` characters makes at most about
``SHARE * ln(L)`` events (about 2,000 for a 50,000-character report) however the
model cuts its deltas. The text stream is not trimmed below that
(``worker.jobs.records.TEXT_EVENTS_MAXLEN``), so a follower that connects late still
reads the draft from its first piece.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import re
import time
from collections.abc import Callable, Sequence

from deepref.reference.models import Source
from deepref.reference.stream import ReferenceStream

INTERVAL = 0.05  # seconds between two draft events, at least
SHARE = 200  # a draft event carries at least 1/SHARE of the text sent before it
MAX_DIFF_TOKENS = 60_000  # beyond this, the answer event replaces the whole draft (difflib is quadratic at worst)
_TOKEN = re.compile(r"\[\^\d+\]|\w+|\s+|[^\w\s]")

Publish = Callable[[dict[str, str]], object]


class DraftWriter:
    """Rewrites a write-up's deltas and publishes them as coalesced ``draft`` events.

    ``publish`` takes the fields of one event (e.g. ``partial(store.text_event,
    job_id)``); ``clock`` is for tests."""

    def __init__(
        self,
        publish: Publish,
        sources: Sequence[Source],
        *,
        interval: float = INTERVAL,
        share: int = SHARE,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._publish, self._clock = publish, clock
        self._interval, self._share = interval, share
        self._stream = ReferenceStream(sources)
        self.draft = ""
        self.events = 0
        self._sent = 0  # characters of the draft already published
        self._last = -math.inf
        self._part = 0  # where the model answer being written starts in the draft

    def feed(self, delta: str) -> None:
        """A piece of the model's text (an ``on_delta`` of ``LLMClient.complete``)."""
        self.draft += self._stream.feed(delta)
        self._maybe_flush()

    def literal(self, text: str) -> None:
        """Text that is not the model's (a section's heading, a fallback): the
        pending marker, if any, is settled first."""
        self.draft += self._stream.flush() + text
        self._part = len(self.draft)
        self._maybe_flush()

    def end_part(self) -> None:
        """The end of one model answer: what it held back is released."""
        self.draft += self._stream.flush()
        self._part = len(self.draft)

    def restart(self) -> None:
        """The model answer being written was a reasoning model's thinking after all
        (``on_restart`` of ``LLMClient.complete``): it is taken out of the draft, and
        readers are told at once."""
        self._stream.flush()
        self.draft = self.draft[: self._part]
        if self._sent > self._part:
            self._publish(draft_event(self._part, ""))
            self._sent, self._last = self._part, self._clock()
            self.events += 1

    def close(self) -> str:
        """Publish what is left (at least one event, so offset 0 resets a follower);
        the draft."""
        self.end_part()
        if self._sent < len(self.draft) or not self.events:
            self._flush()
        return self.draft

    def _maybe_flush(self) -> None:
        pending = len(self.draft) - self._sent
        if pending <= 0 or pending * self._share < self._sent:
            return
        if self._clock() - self._last >= self._interval:
            self._flush()

    def _flush(self) -> None:
        offset = self._sent if self.events else 0
        self._publish(draft_event(offset, self.draft[offset:]))
        self._sent, self._last = len(self.draft), self._clock()
        self.events += 1


def draft_event(offset: int, text: str) -> dict[str, str]:
    return {"kind": "draft", "offset": str(offset), "text": text}


def answer_event(draft: str, answer: str) -> dict[str, str]:
    """The event that turns ``draft`` into ``answer``."""
    return {
        "kind": "answer",
        "edits": json.dumps(diff(draft, answer), ensure_ascii=False),
        "draft_chars": str(len(draft)),
        "chars": str(len(answer)),
        "sha256": hashlib.sha256(answer.encode()).hexdigest(),
    }


def publish_answer(publish: Publish | None, draft: str, answer: str) -> None:
    if publish is not None:
        publish(answer_event(draft, answer))


def diff(draft: str, answer: str) -> list[list]:
    """Edits ``[start, end, text]`` (spans of ``draft``, in order) that make it ``answer``.
    Compared by words, spaces, punctuation and whole ``[^n]`` markers, so a changed
    marker is one edit."""
    if draft == answer:
        return []
    a, b = _TOKEN.findall(draft), _TOKEN.findall(answer)
    if "".join(a) != draft or "".join(b) != answer or len(a) + len(b) > MAX_DIFF_TOKENS:
        return [[0, len(draft), answer]]
    a_at = _offsets(a)
    b_at = _offsets(b)
    edits = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op != "equal":
            edits.append([a_at[i1], a_at[i2], answer[b_at[j1] : b_at[j2]]])
    return edits


def _offsets(tokens: list[str]) -> list[int]:
    at = [0]
    for t in tokens:
        at.append(at[-1] + len(t))
    return at


def apply_edits(draft: str, edits: Sequence[Sequence]) -> str:
    out, at = [], 0
    for start, end, text in edits:
        if not at <= start <= end <= len(draft):
            raise ValueError(f"edit [{start}, {end}] does not fit a draft of {len(draft)} characters after {at}")
        out.append(draft[at:start])
        out.append(text)
        at = end
    out.append(draft[at:])
    return "".join(out)


def decode(fields: dict[str, str]) -> tuple[str, dict]:
    """(kind, data) of a text event as stored (all strings) for JSON readers."""
    kind = fields.get("kind", "draft")
    if kind == "draft":
        return kind, {"offset": int(fields.get("offset", 0)), "text": fields.get("text", "")}
    data: dict = {"edits": json.loads(fields.get("edits", "[]")), "sha256": fields.get("sha256", "")}
    data["draft_chars"], data["chars"] = int(fields.get("draft_chars", 0)), int(fields.get("chars", 0))
    return kind, data


class Reassembly:
    """A reader's side: apply ``draft`` and ``answer`` events (decoded) in order.

    ``text`` is the draft so far, then the answer; ``answer`` is set once the
    answer event came and the draft it was against is the one reassembled (same
    length and, after the edits, the announced hash); otherwise ``broken`` says
    why, and the reader should fetch the stored result."""

    def __init__(self) -> None:
        self.draft = ""
        self.answer: str | None = None
        self.broken: str | None = None

    @property
    def text(self) -> str:
        return self.answer if self.answer is not None else self.draft

    def apply(self, kind: str, data: dict) -> None:
        if kind == "draft":
            offset = int(data["offset"])
            if offset > len(self.draft):
                self.broken = f"a draft piece at {offset} after only {len(self.draft)} characters"
            self.draft = self.draft[:offset] + data["text"]
            if offset == 0:
                self.broken, self.answer = None, None  # a new attempt
        elif kind == "answer":
            if self.broken is None and int(data["draft_chars"]) != len(self.draft):
                self.broken = f"the answer's edits are against {data['draft_chars']} characters, not {len(self.draft)}"
            if self.broken is not None:
                return
            answer = apply_edits(self.draft, data["edits"])
            if hashlib.sha256(answer.encode()).hexdigest() != data["sha256"]:
                self.broken = "the edited draft is not the announced answer"
                return
            self.answer = answer


def _key(event_id: str) -> tuple[int, int]:
    ms, _, seq = event_id.partition("-")
    return int(ms), int(seq or 0)


def in_order(states: list, texts: list, count: int) -> list[tuple[str, str, dict]]:
    """A job's state and text events, as read together, in the order they were
    written: ``(id, "state" | "text", fields)``. Redis ids are times; on a tie the
    text event goes first (the worker writes the answer before ``done``). When a
    read was cut at ``count`` events, nothing after its last event is given yet:
    the other stream's later events wait for the next read."""
    cut = min((_key(batch[-1][0]) for batch in (states, texts) if len(batch) >= count), default=None)
    merged = [(_key(i), 1, i, "state", d) for i, d in states] + [(_key(i), 0, i, "text", d) for i, d in texts]
    merged.sort(key=lambda e: (e[0], e[1]))
    return [(i, kind, d) for key, _, i, kind, d in merged if cut is None or key <= cut]
