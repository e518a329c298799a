"""One research round: plan, search, fetch, chunk, read, decide. The I/O around the
pure planning (planning.py) and budget (budget.py) logic.

A round reads the job's state as the previous round left it (artifact
``deep:state:{n-1}``) and writes its own (``deep:state:{n}``) plus the text of the
pages it fetched (``deep:docs:{n}``); it never changes an earlier round's
artifacts. So a round whose worker died runs again from the same input, and the
pages of earlier rounds, known by URL, are not fetched again.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from deepref.reference.chunking import chunk_text
from deepref.reference.scoring import lexical_scores
from deepref.reference.tokens import TokenIndex
from deepref.reference.urls import normalize_url
from deepref.worker.errors import JobNotFound
from deepref.worker.inference.llm import with_language
from deepref.worker.jobs.limits import job_limits
from deepref.worker.jobs.models import REPORT_STAGE, DeepProgress, ResearchOptions, RoundOut, round_stage
from deepref.worker.jobs.plans import ResearchPlan
from deepref.worker.pipeline.deep import budget as B
from deepref.worker.pipeline.deep import planning as P
from deepref.worker.pipeline.deep import proposal
from deepref.worker.pipeline.deep.fanout import FETCH_BATCH, FanOut, fetch_wide
from deepref.worker.pipeline.deep.prose import prose_reading
from deepref.worker.pipeline.stages import job_tokens

READ_PASSAGES = 10
PASSAGES_PER_PAGE = 2
PASSAGE_CHARS = 700
LAST_STATE = "deep:state:last"
PLAN_SPENT = "deep:plan"
"""Artifact: what the proposal of a plan to approve spent (approval.py); round 1 counts it."""


@dataclass
class Job:
    """What a round needs to know of its job, and where it reports."""

    id: str
    question: str
    options: ResearchOptions
    res: Any  # worker.pipeline.stages.Resources
    store: Any  # JobStore or MemoryJobStore
    corpus: Path | None = None
    fan_out: FanOut | None = None
    """Queues helpers for a wide round's fetch batches (Celery); None: this process fetches all."""
    plan: ResearchPlan | None = None
    """The approved plan (approve_plan): round 1 searches its queries and reads for its
    sub-questions, every prompt carries its answered clarifications, the outline its titles."""


def state_name(n: int) -> str:
    return f"deep:state:{n}"


def docs_name(n: int) -> str:
    return f"deep:docs:{n}"


def initial_state(job: Job) -> dict:
    budget, warnings = B.resolve_budget(job.options.depth, job.options.budget, job.res.settings)
    est = B.estimate(budget, price=model_price(job))
    return {
        "depth": job.options.depth,
        "budget": {k: v for k, v in budget.as_dict().items() if v is not None},
        "estimate": {
            "tokens": est.tokens,
            "pages": est.pages,
            "model_calls": est.model_calls,
            **({"cost": round(est.cost, 6)} if est.cost is not None else {}),
        },
        "started_at": time.time(),
        "documents": [],
        "fingerprints": {},
        "urls": [],
        "queries": [],
        "findings": [],
        "gaps": list(job.plan.sub_questions) if job.plan is not None else [],
        "shown": {},
        "spent": _planning_spent(job) or B.Spent().as_dict(),
        "rounds": [],
        "failures": [],
        "warnings": warnings,
        "stop_reason": None,
        "next": round_stage(1),
    }


def _planning_spent(job: Job) -> dict | None:
    """What proposing the plan spent (a job with approve_plan), else None."""
    try:
        return job.store.get_artifact(job.id, PLAN_SPENT)
    except JobNotFound:
        return None


def load_state(job: Job, n: int) -> dict:
    """State before round ``n``: the first round's is new (and stored, so a resumed
    first round keeps its start time and budget)."""
    if n > 1:
        return job.store.get_artifact(job.id, state_name(n - 1))
    try:
        return job.store.get_artifact(job.id, state_name(0))
    except JobNotFound:  # never started
        state = initial_state(job)
        job.store.put_artifact(job.id, state_name(0), state)
        return state


def budget_of(state: dict) -> B.Budget:
    b = state["budget"]
    return B.Budget(
        int(b["rounds"]), int(b["queries_per_round"]), int(b["pages"]), int(b["tokens"]), b["seconds"], b.get("cost")
    )


def model_price(job: Job):
    """The price of the job's model (worker/inference/pricing.py), None when unknown or no model."""
    return job.res.llm.price(job.options.llm_model).price if job.res.llm is not None else None


def progress(job: Job, state: dict, n: int, message: str) -> None:
    """One event, in words, with the counts so far."""
    spent = B.Spent.from_dict(state["spent"])
    counts = DeepProgress(
        round=n,
        rounds=int(state["budget"]["rounds"]),
        pages=spent.pages,
        sources=len(state["documents"]),
        tokens=spent.tokens,
        next_stage=state.get("next"),
    )
    text = f"{message} ({spent.pages} pages, {len(state['documents'])} sources, {spent.tokens} tokens so far)"
    job.store.update(job.id, message=text, deep=counts)


async def call_model(
    job: Job,
    state: dict,
    messages: list[dict],
    max_tokens: int,
    *,
    report: bool,
    queries: bool = False,
    on_delta=None,
    on_restart=None,
):
    """The model's answer text, or (None, why) when the budget refuses the call;
    ``on_delta`` streams the answer and ``on_restart`` takes back thinking that was
    streamed as text (worker/jobs/streaming.py, worker/inference/reasoning.py).
    ``queries``: the prompt asks for search queries (their language is said only then)."""
    messages = proposal.steer(messages, job.plan)  # the user's answers, the approved titles
    messages = with_language(messages, job.question, job.options.language, queries=queries)
    budget, spent = budget_of(state), B.Spent.from_dict(state["spent"])
    price = model_price(job)
    elapsed = time.time() - state["started_at"]
    why = B.refuse_call(budget, spent, elapsed, messages, max_tokens, report=report, price=price)
    if why is not None:
        return None, why
    gen = await job.res.llm.complete(
        messages, max_tokens=max_tokens, model=job.options.llm_model, on_delta=on_delta, on_restart=on_restart
    )
    spent.add_call(gen, messages, max_tokens, price)
    state["spent"] = spent.as_dict()
    state["warnings"].extend(w for w in gen.warnings if w not in state["warnings"])
    return gen.text, None


async def run_round(job: Job, n: int) -> dict:
    """Round ``n``: returns (and stores) the state after it; ``state["next"]`` says
    what runs next (``round-{n+1}`` or the report)."""
    state = load_state(job, n)
    state = dict(state, rounds=list(state["rounds"]), warnings=list(state["warnings"]))
    budget = budget_of(state)
    started = time.perf_counter()
    before = B.Spent.from_dict(state["spent"])
    out = RoundOut(n=n)
    total = budget.rounds

    fetched = _fetched_checkpoint(job, n)
    why_stop = None if fetched else B.stop_before_round(budget, before, time.time() - state["started_at"], n)
    if why_stop is None:
        why_stop = await _research(job, state, n, total, out, fetched)
    after = B.Spent.from_dict(state["spent"])
    out.prompt_tokens = after.prompt_tokens - before.prompt_tokens
    out.completion_tokens = after.completion_tokens - before.completion_tokens
    out.seconds = round(time.perf_counter() - started, 3)
    if out.queries or out.pages_fetched:
        after.rounds = n
        state["spent"] = after.as_dict()
        state["rounds"].append(out.model_dump())
    if why_stop is None:
        why_stop = B.stop_before_round(budget, after, time.time() - state["started_at"], n + 1)
    if why_stop is not None:
        state["stop_reason"] = why_stop
        if state["rounds"]:
            state["rounds"][-1]["stop_reason"] = why_stop
        state["next"] = REPORT_STAGE
    else:
        state["next"] = round_stage(n + 1)
    state["round"] = n
    job.store.put_artifact(job.id, state_name(n), state)
    job.store.put_artifact(job.id, LAST_STATE, state)
    done = f"round {n} of {total} done" + (f"; stopping: {why_stop}" if why_stop else "")
    progress(job, state, n, done)
    return state


def fetched_name(n: int) -> str:
    return f"deep:fetched:{n}"


def _fetched_checkpoint(job: Job, n: int) -> dict | None:
    """What round ``n`` stored once its pages were fetched (a redelivered round
    goes on from there instead of fetching them again)."""
    try:
        return job.store.get_artifact(job.id, fetched_name(n))
    except JobNotFound:
        return None


async def _research(job: Job, state: dict, n: int, total: int, out: RoundOut, fetched: dict | None) -> str | None:
    """Plan, search, fetch, read; returns why the research stops, or None."""
    if fetched is not None:
        state.update(fetched["state"])
        for name, value in fetched["out"].items():
            setattr(out, name, value)
        new_docs = job.store.get_artifact(job.id, docs_name(n))
        progress(job, state, n, f"round {n} of {total}: resumed after its fetch ({out.pages_fetched} pages kept)")
        return await _read(job, state, n, total, out, out.queries, new_docs)
    budget = budget_of(state)
    # -- plan
    k = budget.queries_per_round
    progress(job, state, n, f"round {n} of {total}: planning queries")
    text, refused = None, None
    if n == 1 and job.plan is not None:  # the approved plan's queries, as the person left them
        approved = P.Plan(list(job.plan.queries), "the approved plan")
    elif job.res.llm is not None:
        messages = P.plan_messages(job.question, n, total, k, state["queries"], state["gaps"])
        text, refused = await call_model(job, state, messages, B.PLAN_MAX_TOKENS, report=False, queries=True)
    if refused:
        return refused
    if n == 1 and job.plan is not None:
        plan = approved
    elif text is None:
        plan = P.Plan(P.fallback_queries(job.question, state["gaps"], state["queries"], k), "the question")
    else:
        plan = P.parse_plan(text, job.question, state["gaps"], state["queries"], k, n)
    state["warnings"].extend(plan.warnings)
    out.queries, out.why = plan.queries, plan.why
    if not plan.queries:
        return "no new query to search"
    state["queries"] = [*state["queries"], *plan.queries]

    # -- search
    progress(job, state, n, f"round {n} of {total}: searching {len(plan.queries)} queries for {plan.why!r}")
    hits = await _search(job, state, plan.queries, budget)
    # -- fetch (the batch is capped by the pages left)
    elapsed = time.time() - state["started_at"]
    allowed = B.pages_left(budget, B.Spent.from_dict(state["spent"]), elapsed)
    hits = hits[:allowed]
    if not hits:  # nothing allowed: say which budget ran out (time is up also leaves no pages)
        spent_now = B.Spent.from_dict(state["spent"])
        return None if allowed else B.stop_before_round(budget, spent_now, elapsed, n) or "page budget reached"
    wide = job.fan_out is not None and len(hits) > FETCH_BATCH  # fetch_wide's rule
    how = f" in {-(-len(hits) // FETCH_BATCH)} batches shared with other workers" if wide else ""
    progress(job, state, n, f"round {n} of {total}: fetching {len(hits)} pages{how} for {plan.queries[0]!r}")
    spent = B.Spent.from_dict(state["spent"])
    spent.pages += len(hits)
    state["spent"] = spent.as_dict()
    state["urls"] = [*state["urls"], *(normalize_url(h["url"]) for h in hits)]
    pages = await fetch_wide(job.store, job.res, job.corpus, job.id, n, hits, job.fan_out)
    state["failures"] = [*state["failures"], *(f.artifact() for f in pages.failures)]
    out.pages_fetched = len(hits)
    new_docs = _add_documents(state, [d.artifact() for d in pages.documents], n, out)
    job.store.put_artifact(job.id, docs_name(n), new_docs)
    job.store.put_artifact(job.id, fetched_name(n), {"state": state, "out": out.model_dump()})
    return await _read(job, state, n, total, out, plan.queries, new_docs)


async def _read(job: Job, state: dict, n: int, total: int, out: RoundOut, queries: list[str], new_docs: list[dict]):
    """Chunk the round's new pages, show the best passages to the model, keep its notes."""
    budget = budget_of(state)
    tokens = job_tokens(job.id)  # the report's references find these pages tokenised
    passages = await asyncio.to_thread(_passages, job.question, queries, new_docs, tokens)
    if not passages or job.res.llm is None:
        return None if job.res.llm is not None else "no model to read with"
    messages = P.read_messages(job.question, passages, state["gaps"])
    spent, price = B.Spent.from_dict(state["spent"]), model_price(job)
    while passages and B.refuse_call(budget, spent, 0.0, messages, B.READ_MAX_TOKENS, report=False, price=price):
        passages = passages[:-1]  # fewer passages may still fit the budget
        messages = P.read_messages(job.question, passages, state["gaps"])
    if not passages:
        return B.refuse_call(budget, spent, 0.0, messages, B.READ_MAX_TOKENS, report=False, price=price)
    pages = len({p["n"] for p in passages})
    progress(job, state, n, f"round {n} of {total}: reading {pages} pages for {queries[0]!r}")
    text, refused = await call_model(job, state, messages, B.READ_MAX_TOKENS, report=False)
    if refused:
        return refused
    reading = P.parse_reading(text or "", {p["n"] for p in passages}, n)
    if reading is None:  # prose: its cited sentences, or the passages' own
        reading = prose_reading(text or "", passages, job.question, n, tokens)
    shown = dict(state["shown"])
    for p in passages:
        shown.setdefault(str(p["n"]), []).append([p["start"], p["end"]])
    state["shown"] = shown
    state["findings"] = [*state["findings"], *(f.as_dict() for f in reading.findings)]
    state["gaps"] = reading.gaps
    state["warnings"].extend(reading.warnings)
    out.findings, out.gaps = len(reading.findings), reading.gaps
    if reading.enough:
        return "the model found the question covered"
    return None


async def _search(job: Job, state: dict, queries: list[str], budget: B.Budget) -> list[dict]:
    settings = job.res.settings
    limits = job_limits(job.options, settings)
    provider = job.res.provider(job.options, state.get("search"))
    lists = [await provider.search(q, max_results=settings.max_results_per_query) for q in queries]
    state["warnings"].extend(w for w in provider.warnings if w not in state["warnings"])
    state["search"] = add_search_records(state.get("search") or [], provider.records())
    known = set(state["urls"])
    lists = [[h for h in hits if normalize_url(h.url) not in known] for hits in lists]
    merged = limits.merge(lists, limit=budget.pages, max_per_host=settings.max_per_host)
    return [dataclasses.asdict(h) for h in merged]


def add_search_records(total: list[dict], more: list[dict]) -> list[dict]:
    """Per provider, what every round's searches did, added up (``result.search``)."""
    by_name = {r["provider"]: dict(r, failures=list(r["failures"])) for r in total}
    for r in more:
        if (seen := by_name.get(r["provider"])) is None:
            by_name[r["provider"]] = dict(r, failures=list(r["failures"]))
            continue
        for key in ("queries", "hits", "requests", "retries", "waited_seconds", "answered"):
            seen[key] += r[key]
        seen["failures"] += r["failures"]
        seen["skipped"] = r["skipped"]
    return list(by_name.values())


def _add_documents(state: dict, documents: list[dict], n: int, out: RoundOut) -> list[dict]:
    """Number new pages after the job's others; a near-copy of a page the job has
    (or of one fetched in this batch) is not a new source."""
    fingerprints = dict(state["fingerprints"])
    metas = list(state["documents"])
    new_docs = []
    for doc in documents:
        signature = P.minhash(doc["text"])
        if P.near_duplicate(signature, fingerprints) is not None:
            out.duplicates += 1
            continue
        doc_id = str(len(metas) + 1)
        fingerprints[doc_id] = signature
        doc = dict(doc, id=doc_id, round=n)
        new_docs.append(doc)
        metas.append({k: v for k, v in doc.items() if k != "text"})
    state["fingerprints"], state["documents"] = fingerprints, metas
    out.new_sources = len(new_docs)
    return new_docs


def _passages(question: str, queries: list[str], docs: list[dict], tokens: TokenIndex | None = None) -> list[dict]:
    """The passages of this round's pages most about the question and its queries
    (``tokens``: the job's ``TokenIndex``, ``worker.pipeline.stages.job_tokens``)."""
    chunks = [(d, c) for d in docs for c in chunk_text(d["text"], max_chars=PASSAGE_CHARS, min_chars=60)]
    if not chunks:
        return []
    scores = lexical_scores([" ".join([question, *queries])], [c.text for _, c in chunks], "coverage", tokens)[0]
    per_doc: dict[str, int] = {}
    out = []
    for i in np.argsort(-scores, kind="stable"):
        doc, chunk = chunks[int(i)]
        if per_doc.get(doc["id"], 0) >= PASSAGES_PER_PAGE:
            continue
        per_doc[doc["id"]] = per_doc.get(doc["id"], 0) + 1
        out.append(
            {
                "n": int(doc["id"]),
                "title": doc["title"],
                "url": doc["url"],
                "text": doc["text"][chunk.start : chunk.end],
                "start": chunk.start,
                "end": chunk.end,
            }
        )
        if len(out) >= READ_PASSAGES:
            break
    return sorted(out, key=lambda p: (p["n"], p["start"]))


def all_documents(job: Job, state: dict) -> list[dict]:
    """Every page the job kept, with its text, in number order."""
    docs = []
    for r in sorted({int(x["n"]) for x in state["rounds"]}):
        try:
            docs.extend(job.store.get_artifact(job.id, docs_name(r)))
        except JobNotFound:  # a round that fetched nothing stored nothing
            continue
    return sorted(docs, key=lambda d: int(d["id"]))


def last_state(job: Job) -> dict:
    """The state the last round stored (the report's input)."""
    return job.store.get_artifact(job.id, LAST_STATE)
