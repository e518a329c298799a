"""Printing a research result in the formats the CLI offers (md, html, json, text)."""

from __future__ import annotations

import json

from worker.models import ResearchResult
from worker.pipeline import reference_result_from

FORMATS = ("md", "html", "json", "text")
_STYLE = {"md": "markdown", "html": "html", "text": "text"}


def format_result(result: ResearchResult, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(
            {
                "question": result.question,
                "answer": result.answer,
                "answer_mode": result.answer_mode,
                "references": [
                    r.model_dump(mode="json", exclude={"context", "context_quote_span"}) for r in result.references
                ],
                "sources": [s.model_dump() for s in result.sources],
                "failures": [f.model_dump() for f in result.failures],
                "warnings": result.warnings,
                "timings": result.timings,
                "usage": result.usage.model_dump(),
                "scorer": result.scorer,
            },
            ensure_ascii=False,
            indent=2,
        )
    body = reference_result_from(result).render(_STYLE[fmt])
    notes = "\n".join(f"note: {w}" for w in result.warnings)
    if fmt == "html":
        return body
    return body + ("\n\n" + notes if notes else "")
