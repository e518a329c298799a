"""The sectioned report of a standard/deep job: outline, sections, one reference list.

The model groups the findings into sections; each section is written from its own
evidence (the passages its findings cite, and only those numbers may be cited;
any other marker is removed with a warning). Each section's citations are then
verified as for a single answer (``worker.pipeline.referencing.references_of``: verify,
drop, fill, and the chat model's second opinion when the job asks for it), and
``reference.numbering.merge_sections`` (the code reports use) gives every source
one number across the whole report. A call the token budget refuses
is not made: the outline falls back to one section, a section to its findings'
own sentences with their citations, which the engine verifies just the same.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import time

from deepref.reference.numbering import merge_sections
from deepref.worker.inference import spend
from deepref.worker.jobs.models import DeepOut, ResearchResult, RoundOut
from deepref.worker.jobs.streaming import DraftWriter, publish_answer
from deepref.worker.pipeline.deep import budget as B
from deepref.worker.pipeline.deep import planning as P
from deepref.worker.pipeline.deep.rounds import Job, all_documents, call_model, progress
from deepref.worker.pipeline.judging.second_opinion import Judged
from deepref.worker.pipeline.outputs import Chunked, Failure, Generated, SourceDocument
from deepref.worker.pipeline.referencing import references_of
from deepref.worker.pipeline.result import build_result
from deepref.worker.pipeline.since_read import mark_changed_files
from deepref.worker.pipeline.stages import document_sources, job_tokens, release_job_tokens

NOTHING_FOUND = "The sources found do not answer this question."
PASSAGES_PER_SECTION = 8


async def write_report(job: Job, state: dict, *, embedder=None, timings: dict[str, float] | None = None):
    """The finished job's result from the state the last round left."""
    started = time.perf_counter()
    before = B.Spent.from_dict(state["spent"])
    warnings = list(state["warnings"])
    docs = all_documents(job, state)
    by_id = {d["id"]: d for d in docs}
    findings = state["findings"]
    n_rounds = int(state.get("round", 0))

    sections: list[P.Section] = []
    if findings:
        progress(job, state, n_rounds, f"writing: outlining {len(findings)} findings")
        text, refused = await call_model(
            job, state, P.outline_messages(job.question, findings), B.OUTLINE_MAX_TOKENS, report=True
        )
        if refused:
            warnings.append(f"outline not asked for: {refused}; the report has one section")
            sections = [P.Section(P._title(job.question), list(range(len(findings))))]
        else:
            sections, outline_warnings = P.parse_outline(text or "", len(findings), job.question)
            warnings.extend(outline_warnings)

    # the report as it is written, markers rewritten on the fly; the edits to the
    # verified text follow once it is built (worker/jobs/streaming.py)
    chunked = Chunked(
        documents=[SourceDocument.model_validate(d) for d in docs],
        failures=[Failure.model_validate(f) for f in state["failures"]],
    )
    publish = functools.partial(job.store.text_event, job.id)
    writer = DraftWriter(publish, document_sources(chunked.documents))
    texts: list[tuple[str, str]] = []  # (title, text with [n] markers)
    for i, section in enumerate(sections, 1):
        progress(job, state, n_rounds, f"writing section {i} of {len(sections)}: {section.title!r}")
        own = [findings[j] for j in section.findings]
        writer.literal(("\n\n" if i > 1 else "") + (f"## {section.title}\n\n" if section.title else ""))
        texts.append((section.title, await _write_section(job, state, section.title, own, by_id, warnings, writer)))
    if not texts:
        texts = [("", NOTHING_FOUND)]
        writer.literal(NOTHING_FOUND)

    progress(job, state, n_rounds, f"checking the citations of {len(texts)} sections")
    tokens = job_tokens(job.id)  # the sections cite the same pages: each tokenised once
    token_limit = int(state["budget"]["tokens"])  # the second opinions count against the job's tokens
    judged: list[Judged] = []
    try:
        for _, text in texts:  # each section verified, with the model's second opinion when the job has one
            so_far = spend.add(B.Spent.from_dict(state["spent"]).usage(), *(j.usage for j in judged))
            judged.append(
                await references_of(
                    text, chunked, job.options, embedder, tokens, res=job.res, spent=so_far, token_limit=token_limit
                )
            )
    finally:
        release_job_tokens(job.id)
    results = [j.references for j in judged]
    warnings.extend(w for j in judged for w in j.warnings if w not in warnings)
    merged_sections, _ = merge_sections(results)
    answer, markers, references, section_warnings = _join(texts, results, merged_sections)
    first = results[0]
    combined = dataclasses.replace(
        first, answer=answer, references=tuple(references), markers=tuple(markers), warnings=tuple(section_warnings)
    )
    after = B.Spent.from_dict(state["spent"])
    generated = Generated(
        text=answer,
        mode="llm",
        model=job.options.llm_model or getattr(job.res.llm, "model", None),
        prompt_tokens=after.prompt_tokens,
        completion_tokens=after.completion_tokens,
        usage=after.usage(),
    )
    warnings.extend(w for w in state["warnings"] if w not in warnings)  # the model calls' own (a prompt cut)
    result: ResearchResult = build_result(
        job.question,
        chunked,
        generated,
        combined,
        warnings=warnings,
        timings=dict(timings or {}),
        spent=spend.add(*(j.usage for j in judged)),  # the second opinions' calls
        estimated_cost=state["estimate"].get("cost"),
        language=job.options.language,
        search=state.get("search"),
    )
    elapsed = time.time() - state["started_at"]
    result.deep = DeepOut(
        depth=state["depth"],
        budget=state["budget"],
        estimate=state["estimate"],
        spent={
            **{k: v for k, v in after.as_dict().items() if v is not None},
            "seconds": round(elapsed, 3),
            "report_tokens": after.tokens - before.tokens,
        },
        rounds=[RoundOut.model_validate(r) for r in state["rounds"]],
        stop_reason=state.get("stop_reason") or "",
        outline=[t for t, _ in texts if t],
    )
    await asyncio.to_thread(mark_changed_files, result, chunked.documents)
    result.timings["report"] = round(time.perf_counter() - started, 3)
    publish_answer(publish, writer.close(), result.answer)
    return result


async def _write_section(
    job: Job, state: dict, title: str, findings: list[dict], by_id: dict, warnings: list, writer=None
) -> str:
    text = await _section_text(job, state, title, findings, by_id, warnings, writer)
    if writer is not None:
        writer.end_part()
    return text


async def _section_text(job, state, title, findings, by_id, warnings, writer) -> str:
    allowed = sorted({c for f in findings for c in f["cites"] if str(c) in by_id})
    passages = []
    for n in allowed:
        doc = by_id[str(n)]
        for start, end in state["shown"].get(str(n), [])[:2]:
            passages.append({"n": n, "title": doc["title"], "url": doc["url"], "text": doc["text"][start:end]})
    passages = passages[:PASSAGES_PER_SECTION]
    fallback = " ".join(_sentence(f["claim"]) + "".join(f"[{c}]" for c in f["cites"]) for f in findings)
    if not passages:
        if writer is not None:
            writer.feed(fallback)
        return fallback
    messages = P.write_messages(job.question, title, findings, passages)
    on_delta = writer.feed if writer is not None else None
    on_restart = writer.restart if writer is not None else None
    text, refused = await call_model(
        job, state, messages, B.WRITE_MAX_TOKENS, report=True, on_delta=on_delta, on_restart=on_restart
    )
    if refused:
        warnings.append(f"section {title!r} written from its findings: {refused}")
        if writer is not None:
            writer.feed(fallback)
        return fallback
    text, dropped = P.strip_disallowed(text or "", {p["n"] for p in passages})
    if dropped:
        warnings.append(
            f"section {title!r}: removed citation(s) {sorted(set(dropped))}: the writer was not shown those sources"
        )
    return text.strip() or fallback


def _sentence(claim: str) -> str:
    claim = claim.strip()
    return claim if claim[-1:] in ".!?" else claim + "."


def _join(texts, results, merged_sections):
    """One answer: ``## title`` then each section's renumbered text; marker and
    reference spans shifted to where the section sits."""
    parts: list[str] = []
    markers: list[tuple[int, int, int]] = []
    references = []
    warnings: list[str] = []
    offset = 0
    for (title, _), result, merged in zip(texts, results, merged_sections, strict=True):
        head = f"## {title}\n\n" if title else ""
        if parts:
            head = "\n\n" + head
        offset += len(head)
        parts.append(head + merged.answer)
        markers.extend((s + offset, e + offset, n) for s, e, n in merged.markers)
        shift = _shifts(result.markers, merged.markers)
        for ref in result.references:
            span = (shift(ref.answer_span[0]) + offset, shift(ref.answer_span[1]) + offset)
            references.append(dataclasses.replace(ref, n=merged.mapping.get(ref.n, ref.n), answer_span=span))
        warnings.extend(result.warnings)
        offset += len(merged.answer)
    references.sort(key=lambda r: (r.n, r.answer_span))
    return "".join(parts), markers, references, list(dict.fromkeys(warnings))


def _shifts(old: tuple, new: tuple):
    """Position in the renumbered text of a position in the engine's text
    (``[^9]`` may have become ``[^10]``: later positions move)."""
    pairs = sorted(zip(sorted(old), sorted(new), strict=True))

    def shift(pos: int) -> int:
        return pos + sum((ne - ns) - (oe - os) for (os, oe, _), (ns, ne, _) in pairs if oe <= pos)

    return shift
