"""The plan a job proposes before it spends (``approve_plan``), and how an approved plan
steers the run. Pure: prompts in, plans and prompts out.

The proposal's prompt opens with ``[[deepref:propose]]``, like the round's prompts
(planning.py). Its answer is never trusted: a reply that is not the JSON asked for
proposes to search the question itself, with a warning on the plan that says so,
since a person reads it before anything is spent; queries and titles are cleaned
and capped as the plan's model allows.
"""

from __future__ import annotations

from deepref.worker.inference.jsontext import first_json_object
from deepref.worker.jobs.plans import (
    LINE_CHARS,
    MAX_CLARIFICATIONS,
    MAX_QUERIES,
    MAX_SECTIONS,
    MAX_SUB_QUESTIONS,
    Clarification,
    ResearchPlan,
)
from deepref.worker.pipeline.deep.planning import OUTLINE, SYSTEM, fallback_queries

PROPOSE = "[[deepref:propose]]"
PROPOSE_MAX_TOKENS = 600
MAX_ASKED = MAX_CLARIFICATIONS  # clarifying questions the planner may ask


def propose_messages(question: str, k: int) -> list[dict]:
    user = (
        f"{PROPOSE}\nQuestion: {question}\n\n"
        f"Plan this research before it starts. Split the question into at most {MAX_SUB_QUESTIONS} sub-questions "
        f"the answer must cover, write at most {k} web search queries for the first round, and propose at most "
        f"{min(MAX_SECTIONS, 6)} section titles "
        "for the report. Only if the question is ambiguous (it could mean clearly different things), add at most "
        f"{MAX_ASKED} short clarifying questions for the user; otherwise leave that list empty. "
        'Reply with JSON: {"sub_questions": ["..."], "queries": ["..."], "outline": ["..."], '
        '"clarifying_questions": ["..."]}'
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def _lines(value: object, cap: int) -> list[str]:
    """Strings of a JSON list, one line each, without repeats, at most ``cap``."""
    out: list[str] = []
    seen: set[str] = set()
    for item in value if isinstance(value, list) else []:
        line = " ".join(item.split())[:LINE_CHARS] if isinstance(item, str) else ""
        if line and line.lower() not in seen:
            seen.add(line.lower())
            out.append(line)
    return out[:cap]


def parse_proposal(text: str, question: str, k: int) -> tuple[ResearchPlan, list[str]]:
    """The proposed plan and what went wrong with the model's answer."""
    found = first_json_object(text)
    obj = found or {}
    queries = _lines(obj.get("queries"), min(k, MAX_QUERIES))
    if not queries:
        said = " ".join(text.split())[:120]
        why = "was not the JSON asked for" if found is None else "had no search query"
        warning = (
            f"the model's plan {why} (it began: {said!r}); this plan searches the question itself: "
            "edit it before approving"
        )
        fallback = [q[:LINE_CHARS] for q in fallback_queries(question, [], [], 1)] or [question[:LINE_CHARS]]
        return ResearchPlan(queries=fallback), [warning]
    asked = _lines(obj.get("clarifying_questions"), MAX_ASKED)
    plan = ResearchPlan(
        sub_questions=_lines(obj.get("sub_questions"), MAX_SUB_QUESTIONS),
        queries=queries,
        outline=_lines(obj.get("outline"), MAX_SECTIONS),
        clarifications=[Clarification(question=q) for q in asked],
    )
    return plan, []


def steer(messages: list[dict], plan: ResearchPlan | None) -> list[dict]:
    """A prompt of the run, with what the approved plan adds to it: the user's answers
    to the clarifying questions after the question, and, in the outline's prompt, the
    approved section titles."""
    if plan is None:
        return messages
    answered = [c for c in plan.clarifications if c.answer]
    titles = plan.outline
    out = []
    for message in messages:
        content = message.get("content", "")
        if message.get("role") != "user" or not isinstance(content, str):
            out.append(message)
            continue
        head, nl, rest = content.partition("\n")
        question, nl2, body = rest.partition("\n")
        if not question.startswith("Question: "):
            out.append(message)
            continue
        added = ""
        if answered:
            added += "The user clarified:\n" + "".join(f"- {c.question} {c.answer}\n" for c in answered)
        if titles and head == OUTLINE:
            added += "Use these section titles, in this order: " + " | ".join(titles) + "\n"
        out.append({**message, "content": f"{head}{nl}{question}{nl2}{added}{body}"})
    return out
