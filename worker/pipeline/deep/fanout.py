"""A wide round's pages fetched by several workers at once, over the queue.

The round cuts its pages into batches (artifacts ``deep:batch:{n}:{i}``) and asks
for helpers (one ``deepref.deep_fetch`` task per batch but the first); then it
works through the batches itself, taking each one nobody holds (a lock per
batch) and waiting only for batches a helper is fetching at that moment. A
batch is done when its output is stored (``deep:batchout:{n}:{i}``): completion
is counted in the job store, not by Celery (no chord, no callback that a lost
message would leave unsent). So one worker process does every batch itself; with
more, helpers take batches in parallel; a helper that dies loses its lock after
``lock_seconds`` and the round fetches that batch itself.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

from deepref.worker.errors import JobNotFound
from deepref.worker.pipeline.outputs import Fetched, search_hits
from deepref.worker.pipeline.stages import fetch_stage

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

FETCH_BATCH = 10
"""Pages per batch: wide enough that a batch keeps a fetcher's connections busy."""

FanOut = Callable[[int, int], None]
"""``fan_out(n, batches)``: queue helper tasks for batches 1..batches-1 of round n."""


def batch_name(n: int, i: int) -> str:
    return f"deep:batch:{n}:{i}"


def out_name(n: int, i: int) -> str:
    return f"deep:batchout:{n}:{i}"


def lock_key(store, job_id: str, n: int, i: int) -> str:
    return store.keys.job_stage_lock(job_id, f"fetch-batch-{n}-{i}")


def lock_seconds(settings: Settings) -> int:
    """How long a batch may take before another process takes it over."""
    return int(settings.fetch_total_timeout + 2 * settings.extract_timeout + 10)


async def fetch_batch(store, res, corpus, job_id: str, n: int, i: int) -> Fetched | None:
    """Fetch batch ``i`` unless it is done or held; its output, or None when held elsewhere."""
    try:
        return Fetched.model_validate(store.get_artifact(job_id, out_name(n, i)))
    except JobNotFound:
        pass
    lock, token = lock_key(store, job_id, n, i), uuid.uuid4().hex
    if not store.acquire(lock, token, lock_seconds(res.settings)):
        return None
    try:
        out = await fetch_stage(search_hits(store.get_artifact(job_id, batch_name(n, i))), res, corpus)
    except BaseException:
        store.release(lock, token)  # someone else may take the batch at once
        raise
    store.put_artifact(job_id, out_name(n, i), out.artifact())
    return out


async def fetch_wide(store, res, corpus, job_id: str, n: int, hits: list[dict], fan_out: FanOut | None) -> Fetched:
    """All of ``hits`` fetched, batches in order (so page numbers do not depend on
    which worker fetched what); one batch, or no helpers, fetches in this process."""
    if fan_out is None or len(hits) <= FETCH_BATCH:
        return await fetch_stage(search_hits(hits), res, corpus)
    batches = [hits[i : i + FETCH_BATCH] for i in range(0, len(hits), FETCH_BATCH)]
    for i, batch in enumerate(batches):
        store.put_artifact(job_id, batch_name(n, i), batch)
    fan_out(n, len(batches))
    done: dict[int, Fetched] = {}
    while len(done) < len(batches):
        progressed = False
        for i in range(len(batches)):
            if i not in done and (out := await fetch_batch(store, res, corpus, job_id, n, i)) is not None:
                done[i] = out
                progressed = True
        if not progressed:  # the rest are being fetched by helpers
            await asyncio.sleep(0.1)
    ordered = [done[i] for i in range(len(batches))]
    return Fetched(
        documents=[d for out in ordered for d in out.documents],
        failures=[f for out in ordered for f in out.failures],
    )
