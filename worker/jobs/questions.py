"""Checking a research question before anything is queued, so a bad one fails at
submit time with a message that says how to fix it (CLI, client and API share this)."""

from __future__ import annotations

import unicodedata

from deepref.worker.errors import QuestionError

REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Co")
"""Control, format (invisible), surrogate and private-use characters. Unassigned code
points (Cn) pass: which they are depends on the Unicode version of each reader."""
ALLOWED_FORMAT_CHARS = "\n\t\u200c\u200d"
"""Of those, what a question may hold: tab, newline, and ZWNJ/ZWJ (part of some scripts)."""


def validate_question(question: object, *, max_chars: int) -> str:
    """The question, stripped; raises :class:`QuestionError` when it cannot be researched."""
    if not isinstance(question, str):
        raise QuestionError(f"the question must be text, got {type(question).__name__}")
    text = question.strip()
    if not text:
        raise QuestionError("the question is empty: write what you want researched")
    if len(question) > max_chars:  # as sent, spaces included: what the API's description states
        raise QuestionError(
            f"the question is {len(question):,} characters long; the limit is {max_chars:,} "
            "(DEEPREF_MAX_QUESTION_CHARS). Ask a shorter question, or split it into several jobs"
        )
    bad = sorted(
        {
            f"U+{ord(ch):04X}"
            for ch in text
            if unicodedata.category(ch) in REFUSED_CATEGORIES and ch not in ALLOWED_FORMAT_CHARS
        }
    )
    if bad:
        raise QuestionError(
            f"the question contains control or invisible characters ({', '.join(bad[:5])}); remove them and retry"
        )
    return text
