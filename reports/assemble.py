"""One report from its sections: renumbered into a single reference list, rendered.

Each answered question's result is turned back into the engine's
``ReferenceResult`` and all of them go through ``reference.numbering.merge_sections``,
so a source cited by several sections has one number in the whole report, and
the section texts, marker positions and reference numbers agree.
"""

from __future__ import annotations

import html
from typing import Any

from deepref.reference.html import answer_html, html_page, reference_item_html, reference_list_html
from deepref.reference.models import Reference
from deepref.reference.numbering import merge_sections
from deepref.reference.styles import MarkdownFootnotes, located_quotes
from deepref.worker.jobs.models import ReferenceOut, ResearchResult


def assemble(report: dict[str, Any]) -> dict[str, Any]:
    """Fill ``answer``, ``markers`` and ``references`` of done sections with report-wide
    numbers, and the report's shared ``references`` list."""
    done = [s for s in report["sections"] if s["status"] == "done"]
    results = [ResearchResult.model_validate(s["result"]) for s in done]
    merged, references = merge_sections([r.reference_result() for r in results])
    shared: list[dict[str, Any]] = []
    for section, result, part in zip(done, results, merged, strict=True):
        section["answer"] = part.answer
        section["markers"] = [list(m) for m in part.markers]
        section["references"] = [
            r.model_dump(mode="json") | {"n": part.mapping.get(r.n, r.n)} for r in result.references
        ]
        section["sources"] = [s.model_dump(mode="json") for s in result.sources]
        shared.extend(section["references"])
    shared.sort(key=lambda r: r["n"])
    report["references"] = shared
    report["_merged_refs"] = references  # for rendering only; dropped before saving
    return report


def run_cost(report: dict[str, Any]) -> str:
    """`` · cost $0.0123 (9 model calls)`` for a run that asked the model, else ""."""
    usage = report.get("usage") or {}
    calls = int(usage.get("model_calls", 0) or 0)
    if not calls:
        return ""
    money = "unknown (no price for the model)" if usage.get("cost") is None else f"${usage['cost']:.4f}"
    return f" · cost {money} ({calls} model call{'s' if calls != 1 else ''})"


def render_markdown(report: dict[str, Any]) -> str:
    lines = [f"# {report['title']}", "", f"_Run {report['run']} · {report['status']}{run_cost(report)}_", ""]
    if report.get("summary"):
        lines += ["## Summary", "", report["summary"], ""]
    for section in report["sections"]:
        lines += [f"## {section['question']}", ""]
        if section["status"] == "done":
            lines += [section["answer"], ""]
        else:
            lines += [f"> This question failed: {section.get('error') or section['status']}", ""]
    lines += _changes_markdown(report.get("changes"))
    groups: dict[int, list] = {}
    for ref in report.get("_merged_refs", []):
        groups.setdefault(ref.n, []).append(ref)
    if groups:
        lines += ["## References", "", MarkdownFootnotes().reference_list(sorted(groups.items())), ""]
    return "\n".join(lines)


def _changes_markdown(changes: dict[str, Any] | None) -> list[str]:
    if not changes:
        return []
    out = [f"## Changes since {changes['since']}", ""]
    out += [f"- changed ({c['similarity']:.0%} similar): {c['question']}" for c in changes["changed"]]
    out += [f"- new question: {q}" for q in changes["new_questions"]]
    out += [f"- new source: {u}" for u in changes["new_sources"]]
    out += [f"- gone source: {u}" for u in changes["gone_sources"]]
    if len(out) == 2:
        out.append("- no answer changed; no source new or gone")
    return [*out, ""]


def render_html(report: dict[str, Any]) -> str:
    esc = html.escape
    head = f"Run {report['run']} · {report['status']}{run_cost(report)}"
    parts = [f"<h1>{esc(report['title'])}</h1><p><em>{esc(head)}</em></p>"]
    if report.get("summary"):
        parts.append(f"<h2>Summary</h2><p>{esc(report['summary'])}</p>")
    for section in report["sections"]:
        parts.append(f"<h2>{esc(section['question'])}</h2>")
        if section["status"] == "done":
            parts.append(answer_html(section["answer"], section["markers"]))
        else:
            parts.append(f"<p class='failed'>This question failed: {esc(str(section.get('error')))}</p>")
    groups: dict[int, list[Reference]] = {}
    for ref in report.get("references", []):
        groups.setdefault(ref["n"], []).append(ReferenceOut.model_validate(ref).reference())
    if groups:
        items = [
            reference_item_html(n, refs[0].title, refs[0].url, located_quotes(refs), allow_file=True)
            for n, refs in sorted(groups.items())
        ]
        parts.append("<h2>References</h2>" + reference_list_html(items))
    languages = [s["result"].get("language", "") for s in report["sections"] if isinstance(s.get("result"), dict)]
    return html_page(report["title"], "".join(parts), language=next((x for x in languages if x), ""))
