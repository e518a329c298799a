"""A standard/deep job's plan, shown before it spends (``options.approve_plan``).

The job plans, then waits in ``awaiting_approval`` with a :class:`PlanOut` on its
record: sub-questions (the first round's open gaps), the first round's queries,
the report's section titles, and clarifying questions when the question could mean
several things. A person edits it (``POST /v1/jobs/{id}/plan`` takes a whole
:class:`ResearchPlan`, answers included) and approves it; the run then follows the
plan as approved (worker/pipeline/deep/approval.py). docs/pipeline.md has the states.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

# Bounds that keep the largest plan inside the API's default body limit (64,000 bytes)
# even when every character is sent as a JSON surrogate pair (12 bytes):
# (6 + 10 + 8) lines of 150 characters and 3 questions of 150 with answers of 300.
MAX_QUERIES = 10  # as many as a round may search (ResearchBudget.queries_per_round)
MAX_SUB_QUESTIONS = 6
MAX_SECTIONS = 8
MAX_CLARIFICATIONS = 3
LINE_CHARS = 150
ANSWER_CHARS = 300

NOT_BLANK = r"[^\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
"""A character ``str.strip`` keeps (not ``str.isspace``), spelled out: ``\\s`` means other
sets in Python, in pydantic's Rust regex and in a JSON Schema (ECMA) reader. The schema
then says what stripping does: a line of whitespace alone is refused by its pattern."""
Line = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=LINE_CHARS, pattern=NOT_BLANK)]
"""A query, sub-question or title: one line of text."""


class Clarification(BaseModel):
    """A question the planner asks the user, and the user's answer ('' = not answered)."""

    model_config = ConfigDict(extra="forbid")

    question: Line
    answer: Annotated[str, StringConstraints(strip_whitespace=True, max_length=ANSWER_CHARS)] = Field(
        "", description="The user's answer; every prompt of the run carries the answered ones."
    )


class ResearchPlan(BaseModel):
    """The plan as a person edits it: ``POST /v1/jobs/{id}/plan`` replaces it whole."""

    model_config = ConfigDict(extra="forbid")

    sub_questions: list[Line] = Field(
        default_factory=list,
        max_length=MAX_SUB_QUESTIONS,
        description="What the answer must cover; the first round reads its pages for these.",
    )
    queries: list[Line] = Field(
        min_length=1, max_length=MAX_QUERIES, description="The first round's search queries, searched as written."
    )
    outline: list[Line] = Field(
        default_factory=list, max_length=MAX_SECTIONS, description="Section titles of the report, in order."
    )
    clarifications: list[Clarification] = Field(
        default_factory=list,
        max_length=MAX_CLARIFICATIONS,
        description="The planner's clarifying questions (an ambiguous question) and the user's answers.",
    )


class PlanOut(ResearchPlan):
    """The plan on a job's record: what the planner proposed or a person set, and when
    it expires or was approved."""

    warnings: list[str] = Field(default_factory=list, description="What went wrong in planning (a malformed plan).")
    proposed_at: float = Field(0.0, description="When the job stopped for approval (unix time).")
    expires_at: float = Field(0.0, description="When the waiting job fails unless approved (unix time).")
    edited: bool = Field(False, description="A person replaced the proposed plan.")
    approved_at: float | None = Field(None, description="When it was approved; None while it waits.")

    def editable(self) -> ResearchPlan:
        """The plan alone, as ``POST /v1/jobs/{id}/plan`` and ``deepref approve --plan`` take it."""
        return ResearchPlan.model_validate(self.model_dump(include=set(ResearchPlan.model_fields)))
