"""Printing a research result in the formats the CLI offers: md, html, json, text,
and the bibliography files bibtex, ris and csl-json; ``--style`` writes the
footnote definitions of md, html and text as entries of a citation style. PDF and
DOCX (``export``) are files: written with ``--output FILE``."""

from __future__ import annotations

import html
import json
import sys
from typing import TYPE_CHECKING

from deepref.reference.errors import InputError

if TYPE_CHECKING:  # the renderers are imported by the functions that use them: `--help` stays light
    from deepref.worker.jobs.models import DeepOut, ResearchResult

EXPORTS = ("bibtex", "ris", "csl-json")
FORMATS = ("md", "html", "json", "text", *EXPORTS)
DOCUMENTS = ("pdf", "docx")  # files, never printed to a terminal: --output FILE
CITATION_STYLES = ("apa", "chicago-author-date")
_STYLE = {"md": "markdown", "text": "text"}


def check_output_options(fmt: str, style: str | None, output: str | None = None) -> None:
    """Fail before any work when ``--style`` is given with a format it does not apply to,
    or a PDF or DOCX has no file to go to or no library to write it."""
    if style is not None and fmt not in ("md", "html", "text"):
        raise InputError(f"--style applies to md, html and text output, not to --format {fmt}")
    if fmt in DOCUMENTS:
        if not output:
            raise InputError(f"--format {fmt} writes a file: add --output FILE (e.g. --output answer.{fmt})")
        from deepref.export import check_available

        check_available(fmt)


def write_result(result: ResearchResult, fmt: str, style: str | None = None, output: str | None = None) -> None:
    """The result in ``fmt``: to ``output`` when given (PDF and DOCX always), else printed."""
    if fmt in DOCUMENTS:
        from deepref.export import document_from_result, render

        data = render(document_from_result(result), fmt)
    else:
        text = format_result(result, fmt, style)
        if not output:
            print(text)
            return
        data = (text + "\n").encode("utf-8")
    if not output:
        raise InputError(f"--format {fmt} writes a file: add --output FILE")
    from pathlib import Path

    try:
        Path(output).write_bytes(data)
    except OSError as exc:
        raise InputError(f"cannot write --output {output}: {exc.strerror or exc}") from None
    print(f"wrote {output} ({len(data):,} bytes, {fmt})", file=sys.stderr)


def format_result(result: ResearchResult, fmt: str, style: str | None = None) -> str:
    check_output_options(fmt, style)
    if fmt in EXPORTS:
        from deepref.bibliography import export, works_from_result

        return export(works_from_result(result), fmt).text.rstrip("\r\n")
    if fmt == "json":
        return json.dumps(
            {
                "question": result.question,
                "answer": result.answer,
                "answer_mode": result.answer_mode,
                "language": result.language,
                "references": [
                    r.model_dump(mode="json", exclude={"context", "context_quote_span"}) for r in result.references
                ],
                "sources": [s.model_dump() for s in result.sources],
                "failures": [f.model_dump() for f in result.failures],
                "warnings": result.warnings,
                "timings": result.timings,
                "usage": result.usage.model_dump(),
                "scorer": result.scorer,
            }
            # a standard/deep job's rounds, budget and spend
            | ({"deep": result.deep.model_dump(mode="json")} if result.deep is not None else {})
            # a follow-up's thread: its parent, the earlier turns, whether it searched, one reference list
            | ({"followup": _followup(result)} if result.followup is not None else {}),
            ensure_ascii=False,
            indent=2,
        )
    if fmt == "html":
        return _html(result, style)
    renderer = _STYLE[fmt] if style is None else _styled(fmt, result, style)
    body = result.reference_result().render(renderer)
    notes = "\n".join(f"note: {w}" for w in result.warnings)
    return body + ("\n\n" + notes if notes else "")


def _followup(result: ResearchResult) -> dict:
    quoted = {"references": {"__all__": {"context", "context_quote_span"}}}
    return result.followup.model_dump(mode="json", exclude=quoted) if result.followup is not None else {}


def _styled(fmt: str, result: ResearchResult, style: str):
    """The md or text style whose footnote definitions are citation-style entries,
    each followed by the quotes that support the claims."""
    from deepref.bibliography import entries_by_number
    from deepref.reference.styles import MarkdownFootnotes, TextStyle, located_quotes, markdown_quote, text_quote

    entries = entries_by_number(result, style, "md" if fmt == "md" else "text")

    class Markdown(MarkdownFootnotes):
        def reference_list(self, groups):
            lines = []
            for n, refs in groups:
                quotes = " … ".join(markdown_quote(q) for q in located_quotes(refs))
                lines.append(f"[^{n}]: {entries[n]}" + (f" {quotes}" if quotes else ""))
            return "\n".join(lines)

    class Text(TextStyle):
        def reference_list(self, groups):
            lines = ["References:"] if groups else []
            for n, refs in groups:
                lines.append(f"[{n}] {entries[n]}")
                lines.extend(f"    {text_quote(q)}" for q in located_quotes(refs))
            return "\n".join(lines)

    return Markdown() if fmt == "md" else Text()


def _html(result: ResearchResult, style: str | None = None) -> str:
    """A page to save and open: the answer's Markdown rendered, footnotes linked to
    the reference list, the warnings as notes."""
    from deepref.reference.html import answer_html, html_page, reference_item_html, reference_list_html
    from deepref.reference.styles import HTMLStyle, located_quotes

    notes = "".join(f"<p class='note'>note: {html.escape(w)}</p>" for w in result.warnings)
    if style is None:
        references = HTMLStyle().references_html(result.reference_result())
    else:
        from deepref.bibliography import entries_by_number

        entries = entries_by_number(result, style, "html")

        class Styled(HTMLStyle):
            def reference_list(self, groups):
                return reference_list_html(
                    [
                        reference_item_html(n, "", "", located_quotes(refs), entry_html=entries[n], allow_file=True)
                        for n, refs in groups
                    ]
                )

        references = Styled().references_html(result.reference_result())
    return html_page(
        result.question,
        f"<h1>{html.escape(result.question)}</h1>"
        + answer_html(result.answer, result.markers)
        + "<h2>References</h2>"
        + references
        + (_research_html(result.deep) if result.deep is not None else "")
        + notes,
        language=result.language,
    )


def spend_summary(deep: DeepOut) -> str:
    """One line of what a standard/deep job spent against its budget."""
    spent, budget = deep.spent, deep.budget
    rounds = len(deep.rounds)
    return (
        f"{rounds} round{'s' if rounds != 1 else ''}, {int(spent.get('pages', 0))} of {int(budget.get('pages', 0))} "
        f"pages, {int(spent.get('tokens', 0)):,} of {int(budget.get('tokens', 0)):,} tokens "
        f"({int(spent.get('prompt_tokens', 0)):,} prompt, {int(spent.get('completion_tokens', 0)):,} completion), "
        f"{spent.get('seconds', 0):.1f} of {budget.get('seconds', 0):g} s"
        + (f"; stopped: {deep.stop_reason}" if deep.stop_reason else "")
    )


def cost_line(result) -> str | None:
    """What the job spent on the chat model, in words, or None when it asked none."""
    usage = result.usage
    if not usage.model_calls:
        return None
    money = "cost unknown (set DEEPREF_LLM_PRICES)" if usage.cost is None else f"${usage.cost:.4f}"
    line = (
        f"[cost] {money}: {usage.model_calls} model call{'s' if usage.model_calls != 1 else ''}, "
        f"{usage.prompt_tokens:,} prompt + {usage.completion_tokens:,} completion tokens"
    )
    budget = result.deep.budget.get("cost") if result.deep is not None else None
    if budget is not None:
        line += f" (budget ${budget:g})"
    return line


def _research_html(deep: DeepOut) -> str:
    """How a standard/deep job researched, as the viewer shows it: the spend, then
    each round (why, queries, pages, gaps). Every value is escaped."""
    e = html.escape
    rounds = []
    for r in deep.rounds:
        items = [f"<strong>Round {r.n}</strong>: {r.seconds:.2f} s, {r.prompt_tokens + r.completion_tokens:,} tokens"]
        if r.why:
            items.append(f"<br>Why: {e(r.why)}")
        if r.queries:
            items.append("<br>Searched: " + "; ".join(f"<q>{e(q)}</q>" for q in r.queries))
        items.append(
            f"<br>{r.pages_fetched} pages read, {r.new_sources} new sources, {r.duplicates} duplicates, "
            f"{r.findings} findings"
        )
        if r.gaps:
            items.append("<br>Still missing after it: " + "; ".join(e(g) for g in r.gaps))
        if r.stop_reason:
            items.append(f"<br>No further round: {e(r.stop_reason)}")
        rounds.append("<li>" + "".join(items) + "</li>")
    outline = "".join(f"<li>{e(t)}</li>" for t in deep.outline)
    return (
        "<h2>How it was researched</h2>"
        + (f"<p>Outline:</p><ol class='outline'>{outline}</ol>" if outline else "")
        + f"<p class='spend'>{e(deep.depth)} research: {e(spend_summary(deep))}</p>"
        + f"<ol class='rounds'>{''.join(rounds)}</ol>"
    )
