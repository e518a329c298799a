"""The five stages as plain functions: search → fetch → chunk → generate → build_references.

No Celery here. Each stage takes and returns the typed outputs of
worker/pipeline/outputs.py (stored as JSON artifacts between stages); the stage
table (worker/pipeline/table.py) runs them for the Celery tasks and the embedded
runner alike. Fetching and extraction happen in one stage: raw pages (up to
megabytes each) never travel through Redis, their text does.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from deepref.reference import Source, build_references
from deepref.reference.chunking import chunk_text
from deepref.reference.embedders import Embedder
from deepref.reference.engine import OPINION_BAND
from deepref.reference.locators import marks_from
from deepref.reference.models import ReferenceResult, SecondOpinion
from deepref.reference.scoring import lexical_scores
from deepref.reference.tokens import TokenIndex
from deepref.search import CombinedSearch, build_queries, make_provider
from deepref.search.models import SearchHit
from deepref.search.spec import check_config
from deepref.worker.errors import ExtractError
from deepref.worker.inference import spend
from deepref.worker.inference.llm import LLMClient, Passage, build_answer_messages, metered
from deepref.worker.jobs.limits import job_limits
from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.jobs.streaming import DraftWriter, Publish
from deepref.worker.pipeline.extractive import extractive_answer, is_nothing_found
from deepref.worker.pipeline.outputs import (
    Chunked,
    Failure,
    Fetched,
    Generated,
    PassagePick,
    Searched,
    SourceDocument,
)
from deepref.worker.search_config import job_provider_spec, provider_config
from deepref.worker.settings import Settings
from deepref.worker.web import scholarly
from deepref.worker.web.extract_runner import ExtractRunner
from deepref.worker.web.fetch import Fetcher

PROMPT_PASSAGES = 12  # passages shown to the model
Report = Callable[[str], None]
"""A progress message on the job's record."""
PASSAGES_PER_DOCUMENT = 3
JOB_TOKEN_INDEXES = 4  # jobs whose TokenIndex a process keeps (the most recently used)

_job_tokens: OrderedDict[str, TokenIndex] = OrderedDict()
_job_tokens_lock = threading.Lock()


def job_tokens(job_id: str | None) -> TokenIndex | None:
    """The ``TokenIndex`` the stages of job ``job_id`` share in this process, so that
    the prefilter, the extractive answer and the references tokenise a passage once.

    A small per-process cache of the few most recently used jobs bounds the memory;
    a stage that runs in another process (or after its job was evicted) tokenises
    again there, with the same results. ``None`` without a job id (each call then
    tokenises afresh)."""
    if job_id is None:
        return None
    with _job_tokens_lock:
        index = _job_tokens.pop(job_id, None)
        if index is None:
            index = TokenIndex()
        _job_tokens[job_id] = index  # most recently used last
        while len(_job_tokens) > JOB_TOKEN_INDEXES:
            _job_tokens.popitem(last=False)
    return index


def release_job_tokens(job_id: str) -> None:
    """Drop a finished job's ``TokenIndex`` (its memory) before the cache evicts it."""
    with _job_tokens_lock:
        _job_tokens.pop(job_id, None)


@dataclass
class Resources:
    """Per-process clients a stage needs; built once (worker/pipeline/resources.py)."""

    settings: Settings
    fetcher: Fetcher
    extractor: ExtractRunner | None = None
    """Page extraction in child processes; ``None`` in callers that never extract."""
    llm: LLMClient | None = None
    embedder: Embedder | None = None
    embedder_name: str | None = None
    """The option ``embedder`` was resolved from (None: the settings' ``DEEPREF_EMBEDDER``)."""
    search_limiter: Any = None
    limiter_for: Any = None
    """``limiter_for(rate)``: one API provider's limiter at its documented rate (in Redis in workers)."""
    providers: dict[str, Any] = field(default_factory=dict)
    embedders: dict[str, Embedder | None] = field(default_factory=dict)

    def embedder_for(self, options: ResearchOptions) -> Embedder | None:
        """The process's embedder, unless the job asked for another one (built once)."""
        if options.embedder is None or options.embedder == self.embedder_name:
            return self.embedder
        if options.embedder not in self.embedders:
            from deepref.worker.inference.embedding import resolve_embedder

            self.embedders[options.embedder] = resolve_embedder(self.settings, options.embedder)
        return self.embedders[options.embedder]

    def provider(self, options: ResearchOptions, history: list[dict] | None = None) -> CombinedSearch:
        """The job's providers as one (docs/search.md); each provider is built once per
        process, the combination (and its per-job counts) once per call. ``history``: the
        job's earlier search records (a deep job's rounds)."""
        spec = job_provider_spec(options, self.settings)
        corpus = options.corpus_dir or self.settings.corpus_dir
        config = provider_config(self.settings, corpus)
        members = []
        for name in check_config(spec, config):
            key = f"{name}:{corpus}" if name == "local" else name
            if key not in self.providers:
                self.providers[key] = make_provider(
                    name, config, corpus_dir=corpus, limiter=self.search_limiter, limiter_for=self.limiter_for
                )
                if name == "local" and self.settings.library_vectors:  # search/library/vectors.py
                    self.providers[key].embedder = self.embedder
            members.append(self.providers[key])
        return CombinedSearch(members, history=history or ())


# -- search ------------------------------------------------------------------------------
async def search_stage(
    question: str, options: ResearchOptions, res: Resources, report: Report | None = None
) -> Searched:
    """``report(message)``: progress of the corpus folder's index update, if one is needed."""
    settings = res.settings
    limits = job_limits(options, settings)  # options only narrow the operator's settings
    n_queries, cost_warnings = limits.sub_queries, []
    if res.llm is not None and n_queries and (why := _sub_queries_refused(question, options, res)):
        n_queries, cost_warnings = 0, [f"no sub-queries written: {why}"]
    with metered() as calls:
        queries, warnings = await build_queries(question, res.llm, n_queries, options.language)
    warnings = [*limits.warnings, *cost_warnings, *warnings]
    provider = res.provider(options)
    await prepare_corpus(provider, report)
    hit_lists = []
    for query in queries:
        hit_lists.append(await provider.search(query, max_results=settings.max_results_per_query))
    warnings.extend(provider.warnings)
    hits = limits.merge(hit_lists, limit=limits.max_pages, max_per_host=settings.max_per_host)
    if not hits:
        warnings.append(f"the {provider.name} search found nothing for: {'; '.join(queries)}")
    return Searched(
        queries=queries,
        hits=hits,
        warnings=warnings,
        usage=spend.usage_of(calls),
        estimated_cost=spend.quick_estimate(question, options, settings, PROMPT_PASSAGES),
        providers=provider.records(),
    )


def _sub_queries_refused(question: str, options: ResearchOptions, res: Resources) -> str | None:
    limit = spend.cost_limit(options, res.settings)
    if limit is None or res.llm is None:
        return None
    messages = spend.sub_query_prompt(question)
    return spend.refuse_cost(limit, 0.0, res.llm.price().price, messages, spend.SUB_QUERY_MAX_TOKENS)


async def prepare_corpus(provider: CombinedSearch, report: Report | None = None) -> None:
    """A corpus folder's index brought up to date before the first query (missing,
    stale, or left by a killed run), its progress reported as job messages, and a wait
    for another process indexing that folder too ("waiting for the index of …")."""
    from deepref.search.library.update import progress_messages

    for member in provider.providers:
        if (prepare := getattr(member, "prepare", None)) is not None:
            summary = await asyncio.to_thread(prepare, progress_messages(report) if report else None, report)
            if summary is not None and report is not None:
                report("corpus index: " + summary.lines()[0])


# -- fetch + extract ---------------------------------------------------------------------
async def fetch_stage(hits: Sequence[SearchHit], res: Resources, corpus_dir: Path | None = None) -> Fetched:
    """Pages of the hits, in hit order; a scholarly hit is read from its open full text,
    else as its abstract (worker/web/scholarly.py)."""
    found = [dataclasses.asdict(h) for h in hits]
    todo = scholarly.plan(found)
    extractor = res.extractor
    if extractor is None:
        raise TypeError("fetch_stage needs Resources.extractor (build_resources makes one)")
    extractor.warm()  # extraction processes start while the pages download
    pages, failures = await res.fetcher.fetch_all(todo.urls, corpus_dir=corpus_dir)
    documents: list[SourceDocument] = []
    failed = [{"url": f.url, "stage": "fetch", "reason": f"{f.reason}: {f.detail}"} for f in failures]
    # in the extraction processes, in parallel, each page time-capped
    extracted = await asyncio.gather(*(extractor.extract(page) for page in pages), return_exceptions=True)
    for page, doc in zip(pages, extracted, strict=True):
        if isinstance(doc, ExtractError):
            failed.append({"url": page.url, "stage": "extract", "reason": f"{doc.reason}: {doc}"})
            continue
        if isinstance(doc, BaseException):
            raise doc
        hit = todo.hit_of.get(page.url, {})
        work = scholarly.work_of(hit, scholarly.FULL_TEXT)
        title = doc.title
        if (work is not None or doc.title == doc.url) and hit.get("title"):
            title = hit["title"]  # a work's title is its index's, not its PDF's
        document = SourceDocument(
            **{**dataclasses.asdict(doc), "title": title, "marks": doc.marks, "version": page.version}
        )
        if work is not None:
            document = document.model_copy(update={"work": work, "hit_url": hit["url"]})
        documents.append(document)
    read = {d.hit_url or d.url for d in documents}
    documents += [SourceDocument.model_validate(d) for d in scholarly.abstract_documents(found, read, failed)]
    documents.sort(key=lambda d: todo.order.get(d.hit_url or d.url, len(todo.order)))
    return Fetched(documents=documents, failures=[Failure.model_validate(f) for f in failed])


# -- chunk -------------------------------------------------------------------------------
def chunk_stage(question: str, fetched: Fetched, tokens: TokenIndex | None = None) -> Chunked:
    """Number documents 1..k in search-rank order, chunk them, pick the passages for
    the prompt by lexical relevance to the question (at most a few per document).
    ``tokens``: the job's ``TokenIndex`` (:func:`job_tokens`), shared with later stages."""
    docs = [d.model_copy(update={"id": str(i + 1)}) for i, d in enumerate(fetched.documents)]
    chunks = [(d.id, c) for d in docs for c in chunk_text(d.text, max_chars=700, min_chars=60)]
    passages: list[PassagePick] = []
    if chunks:
        scores = lexical_scores([question], [c.text for _, c in chunks], "coverage", tokens)[0]
        per_doc: dict[str, int] = {}
        for i in np.argsort(-scores, kind="stable"):
            doc_id, chunk = chunks[int(i)]
            if per_doc.get(doc_id, 0) >= PASSAGES_PER_DOCUMENT:
                continue
            per_doc[doc_id] = per_doc.get(doc_id, 0) + 1
            passages.append(PassagePick(doc_id=doc_id, start=chunk.start, end=chunk.end, score=float(scores[i])))
            if len(passages) >= PROMPT_PASSAGES:
                break
    return Chunked(documents=docs, passages=passages, failures=fetched.failures)


# -- generate ----------------------------------------------------------------------------
async def generate_stage(
    question: str,
    chunked: Chunked,
    res: Resources,
    options: ResearchOptions,
    *,
    embedder: Embedder | None = None,
    publish: Publish | None = None,
    tokens: TokenIndex | None = None,
    spent: dict | None = None,
    history: Sequence[tuple[str, str]] = (),
) -> Generated:
    """The model's cited answer; with no model, an extractive one ranked with ``embedder``.

    Under the job's cost budget (of which the earlier stages' ``spent`` usage is gone),
    the answer's completion is capped at :data:`worker.inference.spend.ANSWER_MAX_TOKENS`
    and the model is asked only if its worst case fits; otherwise the answer is
    extractive, and a warning says why.

    With ``publish`` (a job's text stream), the model's answer is streamed as it is
    written, its markers rewritten on the fly (worker/jobs/streaming.py); the draft is
    kept in the output so that the referencing stage can send the edits that make
    it the stored answer. ``tokens``: the job's ``TokenIndex`` (the extractive answer's).
    ``history``: a follow-up's earlier (question, answer) pairs, the model's conversation
    (their tokens count against the budget like the passages')."""
    docs = {d.id: d for d in chunked.documents}
    passages = [
        Passage(int(p.doc_id), docs[p.doc_id].title, docs[p.doc_id].url, docs[p.doc_id].text[p.start : p.end])
        for p in chunked.passages
    ]
    cost_limit = spend.cost_limit(options, res.settings) if res.llm is not None else None
    refused = None
    if res.llm is not None and cost_limit is not None:
        spent_cost = spend.add(spent).get("cost")
        messages = build_answer_messages(question, passages, options.language, history)
        price = res.llm.price(options.llm_model).price
        refused = spend.refuse_cost(cost_limit, spent_cost, price, messages, spend.ANSWER_MAX_TOKENS)
    if res.llm is None or refused:
        return Generated(
            text=await asyncio.to_thread(extractive_answer, question, passages, embedder, tokens=tokens),
            mode="extractive",
            usage=spend.usage_of([]),
            warnings=[f"the model was not asked: {refused}"] if refused else [],
        )
    writer = None
    if publish is not None:
        writer = DraftWriter(publish, document_sources(chunked.documents))
    gen = await res.llm.answer(
        question,
        passages,
        model=options.llm_model,
        max_tokens=spend.ANSWER_MAX_TOKENS if cost_limit is not None else None,
        language=options.language,
        history=history,
        on_delta=writer.feed if writer else None,
        on_restart=writer.restart if writer else None,
    )
    return Generated(
        draft=writer.close() if writer else "",
        text=gen.text,
        mode="llm",
        model=gen.model,
        prompt_tokens=gen.prompt_tokens,
        completion_tokens=gen.completion_tokens,
        reasoning_tokens=gen.reasoning_tokens,
        latency_ms=gen.latency_ms,
        warnings=list(gen.warnings),
        usage=spend.usage_of([gen]),
    )


# -- build_references --------------------------------------------------------------------
def document_sources(documents: Sequence[SourceDocument]) -> list[Source]:
    return [Source(d.id, d.url, d.title, d.text, d.date, marks_from(d.marks)) for d in documents]


def reference_stage(
    answer: str,
    chunked: Chunked,
    options: ResearchOptions,
    embedder: Embedder | None,
    tokens: TokenIndex | None = None,
    second_opinion: SecondOpinion | None = None,
    opinion_band: tuple[float, float] = OPINION_BAND,
) -> ReferenceResult:
    """The answer's references. ``tokens``: the job's ``TokenIndex`` (:func:`job_tokens`);
    ``second_opinion``: a judge of uncertain citations (worker/pipeline/judging/second_opinion.py)."""
    sources = document_sources(chunked.documents)
    declined = is_nothing_found(answer)  # "nothing found" is not a claim to attribute to a source
    return build_references(
        answer,
        sources,
        embedder=embedder,
        profile=options.profile,
        markers="resolve" if declined else "verify",
        drop_unsupported=not declined,
        fill_uncited=not declined,
        only_hostnames=options.only_hostnames,
        tokens=tokens,
        second_opinion=second_opinion,
        opinion_band=opinion_band,
    )


def corpus_path(options: ResearchOptions, settings: Settings) -> Path | None:
    """The job's folder as named, never resolved here: it was resolved where it was
    named (worker/confine.py, the settings), and a link in its path now is refused
    where it is opened (search/documents/beneath.py)."""
    value = options.corpus_dir or settings.corpus_dir
    return Path(os.path.abspath(Path(value).expanduser())) if value else None
