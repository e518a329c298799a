"""The faults of issue 33 on a real deployment, small (benchmarks/chaos.py): a
redis-server of the test's own (append-only file, noeviction), two real workers,
``deepref beat``, and a model that answers in one second. ``python -m benchmarks
chaos`` runs the same faults with more jobs and prints their table."""

from __future__ import annotations

import shutil

import pytest

from benchmarks import chaos

pytestmark = [
    pytest.mark.redis,
    pytest.mark.worker,
    pytest.mark.timeout(240),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
]

SMALL = {"chat_delay": 1.0}


def _nothing_lost(outcome: chaos.Outcome) -> None:
    assert outcome.done == outcome.jobs, outcome
    assert not outcome.lost and not outcome.stuck and not outcome.failed, outcome
    assert outcome.half_made == 0, outcome  # a refused submit leaves no record


def test_a_full_redis_stops_no_worker_and_loses_no_job(tmp_path):
    """Redis fills (noeviction) while jobs generate and more wait, then is freed:
    no worker exits, every job finishes, submits meanwhile say Redis is full."""
    outcome = chaos.redis_full(jobs=8, hold=4.0, timeout=120, folder=tmp_path, **SMALL)
    _nothing_lost(outcome)
    assert outcome.workers_alive == outcome.workers == 2, outcome
    assert not outcome.notes, outcome
    assert outcome.refusals and all("is full" in r for r in outcome.refusals), outcome.refusals


def test_redis_and_a_worker_killed_together_lose_no_job(tmp_path):
    """Redis (AOF) and one worker are SIGKILLed while jobs generate; Redis comes back:
    the survivor puts back what it held and every job finishes."""
    outcome = chaos.redis_restart(jobs=8, down=3.0, timeout=120, folder=tmp_path, **SMALL)
    _nothing_lost(outcome)
    assert outcome.workers_alive == 1, outcome  # the survivor reconnected; the killed one stays dead
    assert outcome.refusals and all("cannot reach Redis" in r for r in outcome.refusals), outcome.refusals
    assert outcome.resumed is not None and outcome.resumed < 30, outcome


def test_a_queued_job_whose_message_vanished_is_queued_again(tmp_path):
    """The messages of queued jobs are deleted from the broker: the reaper finds the
    jobs in neither the queue nor the unacknowledged hash and queues them again."""
    outcome = chaos.message_deleted(jobs=2, timeout=90, folder=tmp_path, **SMALL)
    _nothing_lost(outcome)
