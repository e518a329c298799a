"""tasks/stage.py: a stage task runs the job's following stages itself while nothing
waits and it is young, and a redelivered message takes over where its task died."""

from __future__ import annotations

import types

import pytest

from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.lifecycle import JobLifecycle
from deepref.worker.jobs.models import JobState, ResearchResult
from deepref.worker.jobs.store import MemoryJobStore, RedisJobStore


@pytest.fixture(params=["redis", "memory"])
def store(request, key_prefix):
    if request.param == "memory":
        return MemoryJobStore(Keys(key_prefix))
    return RedisJobStore(request.getfixturevalue("redis_client"), Keys(key_prefix), ttl=600)


class _Task:
    """Celery's task as run_stage sees it: the delivery's id, the chain's remaining
    steps (next one last, as Celery keeps them) and retry."""

    def __init__(self, job_id: str, first: str, delivery: str = "delivery-1"):
        stages = ["search", "fetch", "chunk", "generate", "build_references"]
        rest = stages[stages.index(first) + 1 :]
        chain = [{"task": f"deepref.{s}", "args": [job_id], "kwargs": {}} for s in reversed(rest)]
        self.request = type("Request", (), {"id": delivery, "chain": chain})()
        self.retries: list[float] = []

    def retry(self, countdown=None, exc=None):
        self.retries.append(countdown)
        return RuntimeError("retry sent")


def _run_stages(monkeypatch, store, life, task, job_id, first, waiting=0):
    """tasks.stage.run_stage with bodies that record what ran."""
    from deepref.tasks import stage as stage_module

    monkeypatch.setattr(stage_module, "process_lifecycle", lambda: life)
    monkeypatch.setattr(store, "queued", lambda queues: waiting)
    ran: list[str] = []

    def body_of(stage):
        def body(record):
            ran.append(stage)
            done = ResearchResult(question="q", answer="a", answer_mode="extractive", timings=dict(record.timings))
            return done if stage == "build_references" else None

        return body

    stage_module.run_stage(task, job_id, first, body_of(first), bodies=body_of)
    return ran


def test_a_task_runs_the_following_stages_itself_when_nothing_waits(monkeypatch, store):
    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    task = _Task(job.id, "search")
    ran = _run_stages(monkeypatch, store, life, task, job.id, "search")
    assert ran == ["search", "fetch", "chunk", "generate", "build_references"]
    assert task.request.chain == []  # no message left to send
    record = store.get(job.id)
    assert record.state is JobState.done and record.attempts == dict.fromkeys(ran, 1)
    assert not any(store.held(store.keys.job_stage_lock(job.id, s)) for s in ran)


def test_a_task_passes_the_next_stage_on_when_another_message_waits(monkeypatch, store):
    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    task = _Task(job.id, "search")
    ran = _run_stages(monkeypatch, store, life, task, job.id, "search", waiting=1)
    assert ran == ["search"]
    assert [step["task"] for step in task.request.chain][-1] == "deepref.fetch"  # Celery sends it
    assert len(task.request.chain) == 4 and store.get(job.id).stage == "search"


def test_a_task_that_ran_on_and_died_is_taken_over_by_its_redelivered_message(monkeypatch, store):
    """The chunk message ran on into generate and its worker died: generate's lock
    expired, the broker delivers the chunk message again, which runs generate (attempt
    2) and what follows, and never chunk again."""

    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    for stage in ("search", "fetch", "chunk"):
        life.finish(life.claim(job.id, stage, "t"))
    dead = life.claim(job.id, "generate", "delivery-1")
    life.release(dead)  # as its lock expiring would
    task = _Task(job.id, "chunk")
    ran = _run_stages(monkeypatch, store, life, task, job.id, "chunk")
    assert ran == ["generate", "build_references"]
    record = store.get(job.id)
    assert record.state is JobState.done and record.attempts["generate"] == 2 and record.attempts["chunk"] == 1
    assert task.request.chain == []

    # while the dead worker's lock still holds, the redelivered message looks again later
    other = life.submit("q2")
    for stage in ("search", "fetch", "chunk"):
        life.finish(life.claim(other.id, stage, "t"))
    life.claim(other.id, "generate", "delivery-2")
    task = _Task(other.id, "chunk", delivery="delivery-2")
    with pytest.raises(RuntimeError, match="retry sent"):
        _run_stages(monkeypatch, store, life, task, other.id, "chunk")
    assert task.retries == [life.lock_seconds]
    assert len(task.request.chain) == 2  # nothing taken out: the retry carries the same chain


def test_a_task_older_than_inline_seconds_passes_the_next_stage_on(monkeypatch, store):
    """Its clock reads 0.6 s more at each look: fetch starts at 0.6 s (run on), chunk
    would start at 1.2 s, past INLINE_SECONDS (1.0), so its message is sent instead."""
    from deepref.tasks import stage as stage_module

    ticks = iter(0.6 * n for n in range(100))
    monkeypatch.setattr(stage_module, "time", types.SimpleNamespace(monotonic=lambda: next(ticks)))
    monkeypatch.setattr(stage_module, "INLINE_SECONDS", 1.0)
    life = JobLifecycle(store, heartbeat_seconds=1)
    job = life.submit("q")
    task = _Task(job.id, "search")
    ran = _run_stages(monkeypatch, store, life, task, job.id, "search")
    assert ran == ["search", "fetch"]
    assert [step["task"] for step in task.request.chain][-1] == "deepref.chunk"
    assert store.get(job.id).stage == "fetch"
