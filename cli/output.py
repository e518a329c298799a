"""Printing a research result in the formats the CLI offers (md, html, json, text)."""

from __future__ import annotations

import html
import json

from worker.models import ResearchResult
from worker.pipeline import reference_result_from

FORMATS = ("md", "html", "json", "text")
_STYLE = {"md": "markdown", "text": "text"}


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
    if fmt == "html":
        return _html(result)
    body = reference_result_from(result).render(_STYLE[fmt])
    notes = "\n".join(f"note: {w}" for w in result.warnings)
    return body + ("\n\n" + notes if notes else "")


def _html(result: ResearchResult) -> str:
    """A page to save and open: the answer's Markdown rendered, footnotes linked to
    the reference list, the warnings as notes."""
    from api.render import answer_html, html_page
    from reference.styles import HTMLStyle

    notes = "".join(f"<p class='note'>note: {html.escape(w)}</p>" for w in result.warnings)
    return html_page(
        result.question,
        f"<h1>{html.escape(result.question)}</h1>"
        + answer_html(result.answer, result.markers)
        + "<h2>References</h2>"
        + HTMLStyle().references_html(reference_result_from(result))
        + notes,
    )
