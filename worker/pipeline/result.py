"""The finished job's result: the answer, its references and sources, and what it cost.

Built once for every kind of job (a quick job's last stage, a deep job's report),
from the typed stage outputs and the engine's :class:`ReferenceResult`.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

from deepref.reference.languages import code_of, guess
from deepref.reference.models import ReferenceResult
from deepref.worker.inference import spend
from deepref.worker.jobs.models import FailureOut, ProviderSearchOut, ReferenceOut, ResearchResult, SourceOut, Usage
from deepref.worker.pipeline.extractive import DECLINED_NOTICE, EXTRACTIVE_NOTICE, is_nothing_found
from deepref.worker.pipeline.outputs import Chunked, Generated, SourceDocument

WORK_FIELDS = (
    "doi", "authors", "year", "venue", "type", "arxiv_id", "pmid", "landing_url", "cites", "notice", "notice_doi",
)  # fmt: skip


def build_result(
    question: str,
    chunked: Chunked,
    generated: Generated,
    refs: ReferenceResult,
    *,
    warnings: list[str],
    timings: dict[str, float],
    spent: dict | None = None,
    search: list[dict] | None = None,
    language: str | None = None,
    estimated_cost: float | None = None,
) -> ResearchResult:
    """The finished job. ``spent``: the model usage of stages before generate (the
    sub-queries), added to the answer's; ``search``: what each search provider did;
    ``language``: the job's option (else the question's language names the labels)."""
    code = code_of(language) or guess(question)
    docs = {d.id: d for d in chunked.documents}
    accessed = datetime.now(UTC).date().isoformat()  # pages were read minutes ago at most, by this job
    references = [
        ReferenceOut.of(
            r,
            source_text=docs[r.source_id].text,
            source_kind=docs[r.source_id].kind,
            work=docs[r.source_id].work,
            language=code,
        )
        for r in refs.references
    ]
    all_warnings = list(warnings)
    if generated.mode == "extractive":
        all_warnings.insert(0, DECLINED_NOTICE if is_nothing_found(refs.answer) else EXTRACTIVE_NOTICE)
    all_warnings.extend(generated.warnings)
    all_warnings.extend(refs.warnings)
    return ResearchResult(
        question=question,
        language=code,
        answer=refs.answer,
        answer_mode=generated.mode,  # type: ignore[arg-type]
        references=references,
        sources=[source_out(d, accessed) for d in chunked.documents],
        failures=[FailureOut(**f.model_dump()) for f in chunked.failures],
        warnings=list(dict.fromkeys(all_warnings)),
        timings=timings,
        usage=Usage(**spend.add(spent, generated.usage), estimated_cost=estimated_cost),
        scorer=refs.scorer,
        support_model=refs.support_model,
        stats=dataclasses.asdict(refs.stats),
        model=generated.model,
        markers=[(m[0], m[1], m[2]) for m in refs.markers],
        search=[ProviderSearchOut(**p) for p in search or ()],
    )


def source_out(document: SourceDocument, accessed: str) -> SourceOut:
    return SourceOut(
        id=document.id,
        url=document.url,
        title=document.title,
        kind=document.kind,
        date=document.date,
        chars=len(document.text),
        author=document.author,  # when extraction names them
        site=document.site,
        accessed=accessed,
        sha256=document.version.sha256 if document.version else None,
        **source_work(document),
    )


def source_work(document: SourceDocument) -> dict[str, Any]:
    """A source's scholarly fields (``SourceOut``) from its document's ``work``."""
    work = document.work or {}
    return {k: work[k] for k in WORK_FIELDS if work.get(k) is not None}
