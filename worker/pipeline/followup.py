"""A follow-up question: the sources it starts from, and how its answer joins the thread.

A follow-up (a job whose record names its ``parent``) runs the five quick stages.
Its search stage first reads the thread's sources, kept with the parent's outputs (a
quick job's or a follow-up's ``chunk`` output, a standard/deep job's rounds'), and
measures how well they hold the question: the IDF-weighted share of its words found
in their best passage (``reference.lexical.coverage``, which the library's hybrid
ranking uses too). At ``DEEPREF_FOLLOWUP_MIN_COVERAGE`` or more they suffice and
nothing is searched; below it, the usual search runs and its new pages join the thread's. The
model is given the earlier questions and answers as conversation, and the answer's
footnotes are renumbered to follow the thread's (``continue_numbering``), so a
source keeps one number across the thread.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from deepref.reference import lexical
from deepref.reference.chunking import chunk_text
from deepref.reference.numbering import continue_numbering
from deepref.reference.tokens import TokenIndex
from deepref.reference.urls import normalize_url
from deepref.search.models import SearchHit
from deepref.worker.confine import corpus_folder
from deepref.worker.errors import ArtifactNotFound, ParentNotFinished
from deepref.worker.jobs.models import (
    FollowupOut,
    JobRecord,
    JobState,
    ReferenceOut,
    ResearchBudget,
    ResearchOptions,
    ResearchResult,
    TurnOut,
)
from deepref.worker.jobs.store import JobStore
from deepref.worker.pipeline.outputs import Chunked, Recalled, SourceDocument

HISTORY_CHARS = 6000
"""Longest earlier answer given to the model as conversation (a deep report is cut)."""
HISTORY_TURNS = 6
"""Earlier turns given to the model: the most recent (a long thread would fill its context)."""

_MARKER = re.compile(r"\s?\[\^\d+\]")


def check_parent(parent: JobRecord) -> ResearchResult:
    """The parent's result; ParentNotFinished when it has none to follow up."""
    if parent.state is JobState.done and parent.result is not None:
        return parent.result
    if parent.state.finished:
        ended = "failed" if parent.state is JobState.failed else "was cancelled"
        why = f"it {ended}, so it has no answer to follow up: ask the question anew"
    else:
        why = f"wait until it is done (deepref result {parent.id} --wait) and ask again"
    raise ParentNotFinished(f"job {parent.id} is {parent.state.value}, not done: {why}", job_id=parent.id)


def options_of(
    parent: JobRecord, budget: ResearchBudget | None = None, *, corpus_roots: Sequence[str | Path] | None = None
) -> ResearchOptions:
    """A follow-up's options: its parent's (providers, folder, model, language, filters),
    as one quick pass without the parent's webhook, under ``budget`` or else the parent's
    cost budget. ``corpus_roots``:
    a caller over HTTP (DEEPREF_API_CORPUS_ROOTS), whose follow-up may not reach a folder
    the operator's parent job searched outside them (CorpusForbidden)."""
    if corpus_roots is not None and parent.options.corpus_dir is not None:
        corpus_folder(parent.options.corpus_dir, corpus_roots, label=f"job {parent.id}'s options.corpus_dir")
    spend = budget if budget is not None else ResearchBudget(cost=parent.options.budget.cost)
    # no webhook: whoever asks the follow-up may not be whoever the parent's callback tells
    quick = {"depth": "quick", "approve_plan": False, "budget": spend, "callback_url": None}
    return parent.options.model_copy(update=quick)


def thread_documents(store: JobStore, parent: JobRecord) -> list[SourceDocument]:
    """The thread's sources as the parent kept them, in its numbering order; [] when its
    outputs expired (the follow-up then searches)."""
    try:
        return Chunked.model_validate(store.get_artifact(parent.id, "chunk")).documents
    except ArtifactNotFound:
        pass
    from deepref.worker.pipeline.deep.rounds import LAST_STATE, docs_name

    try:
        state = store.get_artifact(parent.id, LAST_STATE)
    except ArtifactNotFound:
        return []
    docs: list[dict] = []
    for n in sorted({int(r["n"]) for r in state.get("rounds", [])}):
        try:
            docs.extend(store.get_artifact(parent.id, docs_name(n)))
        except ArtifactNotFound:  # a round that fetched nothing stored nothing
            continue
    return [SourceDocument.model_validate(d) for d in sorted(docs, key=lambda d: int(d["id"]))]


def coverage(question: str, documents: Sequence[SourceDocument], tokens: TokenIndex | None = None) -> float:
    """IDF-weighted share of the question's words found in the best passage of ``documents``."""
    chunks = [c.text for d in documents for c in chunk_text(d.text, max_chars=700, min_chars=60)]
    return float(lexical.coverage(question, chunks, index=tokens).max()) if chunks else 0.0


def recall(
    question: str, store: JobStore, parent_id: str, least: float, tokens: TokenIndex | None = None
) -> tuple[Recalled, list[SourceDocument]]:
    """Whether the thread's sources suffice for ``question``, and them."""
    parent = store.get(parent_id)
    documents = thread_documents(store, parent)
    held = round(coverage(question, documents, tokens), 4)
    suffice = bool(documents) and held >= least
    if not documents:
        note = f"follow-up of job {parent_id}: its sources are gone (expired); a new search runs"
    elif suffice:
        note = (
            f"follow-up of job {parent_id}: its {len(documents)} sources suffice (a passage holds {held:.0%} "
            f"of the question's words, {least:.0%} needed); no new search"
        )
    else:
        note = (
            f"follow-up of job {parent_id}: its {len(documents)} sources do not suffice (the best passage holds "
            f"{held:.0%} of the question's words, {least:.0%} needed); a new search runs"
        )
    recalled = Recalled(
        parent=parent_id, sources=len(documents), coverage=held, min_coverage=least, searched=not suffice, note=note
    )
    return recalled, documents


def new_hits(hits: Sequence[SearchHit], documents: Sequence[SourceDocument]) -> list[SearchHit]:
    """The hits whose page the thread has not read yet."""
    read = {normalize_url(d.hit_url or d.url) for d in documents}
    return [h for h in hits if normalize_url(h.url) not in read]


def conversation(parent: JobRecord) -> list[tuple[str, str]]:
    """The thread's (question, answer) pairs, first first, as the model is given them:
    markers taken out (the passages are numbered anew), long answers cut, the most recent
    ``HISTORY_TURNS``."""
    return [(t.question, _plain(t.answer)) for t in turns_of(parent)[-HISTORY_TURNS:]]


def turns_of(parent: JobRecord) -> list[TurnOut]:
    result = check_parent(parent)
    earlier = result.followup.turns if result.followup is not None else []
    return [*earlier, TurnOut(job_id=parent.id, question=parent.question, answer=result.answer)]


def _plain(answer: str) -> str:
    text = _MARKER.sub("", answer)
    return text if len(text) <= HISTORY_CHARS else text[:HISTORY_CHARS].rsplit(" ", 1)[0] + " …"


def in_thread(result: ResearchResult, parent: JobRecord, recalled: Recalled) -> ResearchResult:
    """The follow-up's result with the thread's numbers: a source an earlier answer
    cites keeps its number, a new one takes the next; and the thread's one reference list."""
    before = check_parent(parent)
    earlier = before.followup.references if before.followup is not None else before.references
    merged = continue_numbering([r.reference() for r in earlier], result.reference_result())
    refs = [r.model_copy(update={"n": merged.mapping.get(r.n, r.n)}) for r in result.references]
    seen = {(r.n, r.quote) for r in earlier}
    thread: list[ReferenceOut] = [*earlier, *(r for r in refs if (r.n, r.quote) not in seen)]
    followup = FollowupOut(
        parent=parent.id,
        turns=turns_of(parent),
        reused_sources=recalled.sources,
        coverage=recalled.coverage,
        min_coverage=recalled.min_coverage,
        searched=recalled.searched,
        note=recalled.note,
        references=sorted(thread, key=lambda r: r.n),
    )
    return result.model_copy(
        update={"answer": merged.answer, "markers": list(merged.markers), "references": refs, "followup": followup}
    )
