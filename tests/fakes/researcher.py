"""The test model playing a researcher (deep research's prompts, worker/pipeline/deep/planning.py).

It recognises each prompt by its marker and answers in the format asked for,
from what the prompt shows it: plans name the round; readings note, for every
passage, the passage's sentence sharing most words with the question, citing
that passage's number; outlines split the findings in two sections; sections are
written from the passages given, citing their numbers.

Misbehaviour, per question (``Researcher.behave(question_part, ...)``):
``rounds`` (reads before it says the question is covered; None = never),
``malformed_plan``, ``malformed_proposal`` (the plan to approve is not JSON),
``ambiguous`` (the plan to approve asks a clarifying question), ``cite_unshown``
(every reading cites a passage it was not shown), ``stall_on`` (a prompt substring:
hold that request until ``release()``),
``fail_on`` (a prompt substring: answer the first such request with HTTP 400),
``prose_rate`` (the share of plans, readings and outlines answered in prose instead
of the JSON asked for, drawn from a seeded generator: a model that ignores JSON;
``prose_steps`` limits it to some of the three). A reading in prose is written as
such models write: half of them note the passages' sentences with ``[n]`` markers,
placed before or after the full stop, now and then citing a neighbouring passage,
one the model was not shown or ``[source]``; the others cite nothing usable
(``(from passage 2)``) or nothing at all.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import dataclass, field

_PASSAGE = re.compile(r"^\[(\d+)\] .*? — \S+\n(.*?)(?=^\[\d+\] |\n\n(?:Note|Write) |\Z)", re.M | re.S)
MARKERS = ("[[deepref:plan]]", "[[deepref:read]]", "[[deepref:outline]]", "[[deepref:write]]", "[[deepref:propose]]")


class Refused(Exception):
    """The request is answered with HTTP 400 (a scripted failure)."""


@dataclass
class Behaviour:
    rounds: int | None = 2
    malformed_plan: bool = False
    malformed_proposal: bool = False
    ambiguous: bool = False
    cite_unshown: bool = False
    stall_on: str | None = None
    fail_on: str | None = None  # a prompt substring: answer that request once with HTTP 400
    prose_rate: float = 0.0
    prose_steps: tuple[str, ...] = ("plan", "reading", "outline")
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    prose_rng: random.Random = field(default_factory=lambda: random.Random(11))  # how a prose reading is written
    prose: dict[str, int] = field(default_factory=dict)  # step -> answers given in prose


@dataclass
class Researcher:
    behaviours: dict[str, Behaviour] = field(default_factory=dict)
    reads: dict[str, int] = field(default_factory=dict)  # question -> readings answered
    prompts: list[tuple[str, str]] = field(default_factory=list)  # (marker, user prompt)
    released: asyncio.Event | None = None
    stalled: int = 0

    def behave(self, question_part: str, **kwargs) -> None:
        self.behaviours[question_part] = Behaviour(**kwargs)

    def release(self, loop: asyncio.AbstractEventLoop) -> None:
        """Let stalled requests go (call from the test's thread with the server's loop)."""
        loop.call_soon_threadsafe(self._event().set)

    def _event(self) -> asyncio.Event:
        if self.released is None:
            self.released = asyncio.Event()
        return self.released

    @staticmethod
    def handles(user: str) -> bool:
        return user.startswith(MARKERS)

    async def answer(self, user: str) -> str:
        marker = user.split("\n", 1)[0]
        self.prompts.append((marker, user))
        question = _field(user, "Question")
        how = next((b for part, b in self.behaviours.items() if part in question), Behaviour())
        if how.fail_on and how.fail_on in user:
            how.fail_on = None
            raise Refused(f"scripted failure on {marker}")
        if how.stall_on and how.stall_on in user:
            self.stalled += 1
            await self._event().wait()
        step = {MARKERS[0]: "plan", MARKERS[1]: "reading", MARKERS[2]: "outline"}.get(marker)
        if step in how.prose_steps and how.prose_rate and how.rng.random() < how.prose_rate:
            how.prose[step] = how.prose.get(step, 0) + 1
            if step == "reading":
                return self._prose_read(user, question, how.prose_rng)
            return f"Here is my {step}: I looked at everything and it all seems relevant to the question."
        if marker == MARKERS[4]:
            return self._propose(question, how)
        if marker == MARKERS[0]:
            return self._plan(user, question, how)
        if marker == MARKERS[1]:
            return self._read(user, question, how)
        if marker == MARKERS[2]:
            return self._outline(user)
        return self._write(user, question)

    def _plan(self, user: str, question: str, how: Behaviour) -> str:
        if how.malformed_plan:
            return "Sure! I would search for: tidal things, and maybe more {queries: [oops"
        n = int(re.search(r"^Round: (\d+) of", user, re.M).group(1))
        k = int(re.search(r"Write at most (\d+) new", user).group(1))
        queries = [f"{question} r{n}{chr(ord('a') + i)}" for i in range(min(k, 2))]
        return json.dumps({"queries": queries, "why": f"round {n} of the research into {question}"})

    def _propose(self, question: str, how: Behaviour) -> str:
        """A plan to approve: two sub-questions, two queries, two titles; a question to
        the user when scripted ambiguous."""
        if how.malformed_proposal:
            return "I'd start broadly: tides, turbines {sub_questions: [oops"
        plan = {
            "sub_questions": [f"What is {question}?", f"Why does {question} matter?"],
            "queries": [f"{question} proposed a", f"{question} proposed b"],
            "outline": ["Overview", "Evidence"],
            "clarifying_questions": ["Which country do you mean?"] if how.ambiguous else [],
        }
        return json.dumps(plan)

    def _read(self, user: str, question: str, how: Behaviour) -> str:
        notes = _best_sentences(user, question)
        findings = [{"claim": best, "cites": [n]} for n, best in notes]
        if how.cite_unshown and findings:
            findings[0]["cites"].append(max(n for n, _ in notes) + 50)
        self.reads[question] = self.reads.get(question, 0) + 1
        enough = how.rounds is not None and self.reads[question] >= how.rounds
        gaps = [] if enough else [f"{question} gap {self.reads[question]}"]
        return json.dumps({"findings": findings, "gaps": gaps, "enough": enough})

    def _prose_read(self, user: str, question: str, rng: random.Random) -> str:
        notes = _best_sentences(user, question)
        numbers = [n for n, _ in notes]
        style = rng.random()
        if style < 0.5:  # markers, some misplaced or wrong
            lines = ["Based on the passages, here is what I found."]
            for n, sentence in notes:
                body = sentence.rstrip(".!?")
                slip = rng.random()
                if slip < 0.1:
                    mark = f"[{n + 50}]"  # a passage it was not shown
                elif slip < 0.2:
                    mark = f"[{numbers[(numbers.index(n) + 1) % len(numbers)]}]"  # a neighbour's number
                elif slip < 0.25:
                    mark = "[source]"
                else:
                    mark = f"[{n}]"
                lines.append(f"{body} {mark}." if rng.random() < 0.5 else f"{body}. {mark}")
            lines.append("More detail on maintenance would help answer the question fully.")
            return " ".join(lines)
        if style < 0.7:  # numbers, but not as markers
            return "Key points:\n" + "\n".join(f"- {s} (from passage {n})" for n, s in notes)
        summary = " ".join(s for _, s in notes[:2])
        return f"I looked at everything and it all seems relevant to the question. In short: {summary}"

    def _outline(self, user: str) -> str:
        count = len(re.findall(r"^F\d+: ", user, re.M))
        half = max(1, (count + 1) // 2)
        # the approved titles when the prompt gives them (an approved plan's outline)
        given = re.search(r"^Use these section titles, in this order: (.*)$", user, re.M)
        titles = given.group(1).split(" | ") if given else ["Background", "Details"]
        first, second = titles[0], titles[1] if len(titles) > 1 else "Details"
        sections = [{"title": first, "findings": list(range(1, half + 1))}]
        if count > half:
            sections.append({"title": second, "findings": list(range(half + 1, count + 1))})
        return "```json\n" + json.dumps({"sections": sections}) + "\n```"

    def _write(self, user: str, question: str) -> str:
        words = set(re.findall(r"\w+", question.lower()))
        lines = []
        body = user.split("\nPassages:\n", 1)[-1]
        for n, text in _PASSAGE.findall(body):
            sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n", text) if s.strip().endswith((".", "!", "?"))]
            if sentences:
                best = max(sentences, key=lambda s: len(words & set(re.findall(r"\w+", s.lower()))))
                line = f"{best} [{n}]"
                if line not in lines:
                    lines.append(line)
        return "\n".join(lines) or "Nothing to say."


def _best_sentences(user: str, question: str) -> list[tuple[int, str]]:
    """Per passage shown, its sentence sharing most words with the question."""
    words = set(re.findall(r"\w+", question.lower()))
    notes = []
    for n, text in _PASSAGE.findall(user.split("\nPassages:\n", 1)[-1]):
        sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n", text) if s.strip().endswith((".", "!", "?"))]
        if sentences:
            notes.append((int(n), max(sentences, key=lambda s: len(words & set(re.findall(r"\w+", s.lower()))))))
    return notes


def _field(user: str, name: str) -> str:
    match = re.search(rf"^{name}: (.*)$", user, re.M)
    return match.group(1).strip() if match else ""
