"""Fair queues and the per-model concurrency limit, with real workers and Redis.

The setup tested is the default ``deepref worker`` (both queues, interactive
first, prefetch 1): a single worker with two processes. It is the harder case
for fairness; one worker per queue (``--queues interactive`` and ``--queues
bulk``) isolates them completely and needs no test of its own beyond routing.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from deepref.reports.definitions import ReportDefinition
from deepref.reports.run import advance, new_run
from deepref.reports.store import ReportStore
from deepref.worker.inference.concurrency import RedisSlots
from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.models import JobState
from tests.e2e.support import results, wait_for_state, wait_until

pytestmark = [pytest.mark.redis, pytest.mark.timeout(400)]


@pytest.mark.worker
def test_a_quick_job_finishes_before_a_50_section_report(
    worker_env, start_worker, client_for, searxng_server, web_site, tmp_path
):
    searxng_server.fake.default = results(web_site, "/article")
    client = client_for(worker_env)
    definition = ReportDefinition(
        name="big",
        title="Fifty questions",
        questions=[f"When did the La Rance tidal power station open? (variant {i})" for i in range(50)],
        concurrency=64,
        summary=False,
    )
    store = ReportStore(tmp_path / "reports")
    report = new_run(definition, store)
    advance(report, definition, store, client)  # submits all 50 sections, on the bulk queue
    bulk_ids = [s["job_id"] for s in report["sections"]]
    assert all(bulk_ids) and {client.status(i).queue for i in bulk_ids} == {"bulk"}
    assert client.store.queue_length("deepref.bulk") == 50

    start_worker("fair")  # default: -Q deepref.interactive,deepref.bulk, interactive first
    wait_until(lambda: client.store.queue_length("deepref.bulk") < 50, 60, "the worker starting on the report")
    quick = client.submit("When did the La Rance tidal power station open?")
    assert client.status(quick).queue == "interactive"
    done = wait_for_state(client, quick, JobState.done, timeout=120)

    finished_bulk = sum(client.status(i).state.finished for i in bulk_ids)
    assert finished_bulk < 50, "the report finished first"
    for job_id in bulk_ids:  # the report does finish, afterwards
        wait_for_state(client, job_id, JobState.done, timeout=300)
    assert max(client.status(i).updated_at for i in bulk_ids) > done.updated_at

    # The quick job's waits: from submission to its first stage, and from the end of
    # each stage (its last event) to the start of the next (the first event in a new state).
    waits = _waits(client.store.events(quick))
    # Report stages that started while the quick job was waiting on the broker: on one
    # shared FIFO queue its search alone would wait behind the ~48 report searches queued
    # before it; interactive first, none starts unless the worker had already reserved
    # it (prefetch: at most one per process) when the quick stage arrived.
    bulk_starts = [start for job_id in bulk_ids for _, start in _waits(client.store.events(job_id))]
    overtaken = sum(any(a < ts < b for a, b in waits) for ts in bulk_starts)
    print(
        f"quick job: {done.updated_at - done.created_at:.1f} s, waits {[round(b - a, 2) for a, b in waits]}, "
        f"overtaken by {overtaken} report stages; {finished_bulk}/50 sections finished"
    )
    assert len(waits) == 5
    assert overtaken <= 2 * len(waits), overtaken


def _waits(events: list[tuple[str, dict]]) -> list[tuple[float, float]]:
    """(queued since, started at) of each stage of a job, from its events."""
    out, previous = [], None
    for _, event in events:
        state, ts = event["state"], float(event["ts"])
        if previous is not None and state != previous[0] and state not in ("done", "failed", "cancelled"):
            out.append((previous[1], ts))
        previous = (state, ts)
    return out


@pytest.mark.worker
def test_the_model_limit_holds_across_worker_processes(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    """Two workers of three processes each, six jobs, every chat request slowed down:
    never more than DEEPREF_LLM_MAX_CONCURRENCY requests at the model at once."""
    searxng_server.fake.default = results(web_site, "/article")
    openai_server.fake.chat_delay = 0.4
    limit = {"DEEPREF_LLM_MAX_CONCURRENCY": "2"}
    start_worker("m1", "-c", "3", **limit)
    start_worker("m2", "-c", "3", **limit)
    client = client_for(worker_env)
    ids = [client.submit(f"When did the La Rance tidal power station open? ({i})") for i in range(6)]
    for job_id in ids:
        wait_for_state(client, job_id, JobState.done, timeout=180)
    chats = [r for r in openai_server.fake.requests if r["path"].endswith("/chat/completions")]
    assert len(chats) >= 12  # a sub-query request and an answer per job
    assert openai_server.fake.max_in_flight == 2, openai_server.fake.max_in_flight


async def _overlap(slots: RedisSlots, holders: int, hold: float) -> int:
    now = most = 0

    async def one() -> None:
        nonlocal now, most
        async with slots.hold("m"):
            now += 1
            most = max(most, now)
            await asyncio.sleep(hold)
            now -= 1

    await asyncio.gather(*(one() for _ in range(holders)))
    return most


def test_slots_limit_overlap_and_expire_after_a_dead_holder(redis_url, redis_client, key_prefix):
    import redis.asyncio as aioredis

    async def go():
        client = aioredis.Redis.from_url(redis_url)
        keys = Keys(key_prefix)
        try:
            slots = RedisSlots(client, keys, limit=3, lease_seconds=2, poll=0.01)
            assert await _overlap(slots, 12, 0.05) == 3
            assert await slots.held("m") == 0  # every slot given back
            # a holder that died (never released): its slot comes back when its lease ends
            for n in range(3):
                assert await slots.try_acquire("m", f"dead-{n}")
            assert not await slots.try_acquire("m", "late")
            started = time.monotonic()
            async with slots.hold("m"):
                waited = time.monotonic() - started
            assert waited >= 1.5, waited
        finally:
            await client.aclose()

    asyncio.run(go())
