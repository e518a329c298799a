"""How queued jobs end when things go wrong, with a real Redis and real worker
processes. Stages are made slow or failing through the fake servers' real
behaviour (a model that stalls, a wrong key, a search engine that is down), not
through hooks in deepref."""

from __future__ import annotations

import re

import pytest

from deepref.search.models import SearchHit
from deepref.worker.jobs.models import JobState
from deepref.worker.pipeline.outputs import Searched
from tests.e2e.support import answer_requests, results, wait_for_state, wait_until

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

QUESTION = "Which tidal plant is the largest?"


def test_a_stage_past_its_soft_time_limit_fails_the_job_and_the_worker_goes_on(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    searxng_server.fake.default = results(web_site, "/article")
    openai_server.fake.chat_delay = 20.0  # the model stalls far past the limit
    start_worker(
        "soft-limit",
        "--concurrency=1",  # one child: the one interrupted serves the next job
        # generous: a child's first search and fetch import and start things (seconds on a busy machine)
        DEEPREF_STAGE_SOFT_TIME_LIMIT="10",
        DEEPREF_STAGE_TIME_LIMIT="60",
        DEEPREF_LLM_SUB_QUERIES="0",  # only generate asks the model
    )
    client = client_for(worker_env)
    job_id = client.submit(QUESTION)
    record = wait_for_state(client, job_id, JobState.failed, timeout=90)
    assert record.error.stage == "generate" and record.error.type == "TimeLimit"
    assert "DEEPREF_STAGE_SOFT_TIME_LIMIT" in record.error.message
    assert record.attempts["generate"] == 1  # a time limit is not retried
    # the interrupted stage was given up (its request cancelled), and the same child goes on
    openai_server.fake.chat_delay = 0.0
    assert client.result(client.submit(QUESTION), wait=True, timeout=60).references


def test_a_stage_that_always_fails_is_retried_then_fails_the_job(worker_env, start_worker, client_for):
    # nothing listens on port 1: every search is a connection error (retryable)
    env = {"DEEPREF_SEARXNG_URL": "http://127.0.0.1:1", "DEEPREF_STAGE_MAX_RETRIES": "1"}
    start_worker("always-fails", **env)
    client = client_for({**worker_env, **env})
    job_id = client.submit(QUESTION)
    record = wait_for_state(client, job_id, JobState.failed)
    assert record.error.stage == "search" and record.error.type == "AllProvidersFailed"  # the only provider failed
    assert "after 2 attempts" in record.error.message and "DEEPREF_SEARXNG_URL" in record.error.message
    assert record.attempts == {"search": 2}
    messages = [e["message"] for _, e in client.store.events(job_id)]
    assert any("retrying" in m for m in messages), messages


def test_a_rejected_key_fails_at_once_without_retry(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    searxng_server.fake.default = results(web_site, "/article")
    # the worker's key is wrong: the model endpoint answers 401 (the real check of the fake)
    start_worker("bad-key", DEEPREF_LLM_API_KEY="wrong-key", DEEPREF_STAGE_MAX_RETRIES="3")
    client = client_for(worker_env)
    job_id = client.submit(QUESTION)
    record = wait_for_state(client, job_id, JobState.failed)
    assert record.error.stage == "generate" and record.error.type == "GenerationError"
    assert "DEEPREF_LLM_API_KEY" in record.error.message
    assert record.attempts["generate"] == 1
    assert len(answer_requests(openai_server)) == 1  # asked once: no backoff on a 401
    assert not any("retrying" in e["message"] for _, e in client.store.events(job_id))


def test_a_vanished_worker_is_rescued_by_the_reaper_alone(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    """Redelivery is out of reach here (an hour's visibility timeout): only the
    reaper, noticing the dead heartbeat, can bring the job back."""
    env = {"DEEPREF_VISIBILITY_TIMEOUT": "3600"}
    searxng_server.fake.default = results(web_site, "/article")
    openai_server.fake.chat_delay = 4.0
    doomed = start_worker("doomed-reaped", **env)
    client = client_for({**worker_env, **env})
    job_id = client.submit(QUESTION)
    wait_for_state(client, job_id, JobState.generating)
    doomed.kill()
    openai_server.fake.chat_delay = 0.0
    start_worker("rescuer-reaped", **env)
    requeued: list[str] = []
    # what beat's reap task does, on this client's Redis and queue
    wait_until(lambda: requeued.extend(client.lifecycle.reap(client.enqueue).requeued) or requeued, 30, "a reap")
    assert requeued == [job_id]
    result = client.result(job_id, wait=True, timeout=60)
    record = client.status(job_id)
    assert record.attempts["generate"] == 2 and result.references
    assert any("re-queued" in e["message"] for _, e in client.store.events(job_id))


def test_two_deliveries_of_one_stage_run_it_once(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    searxng_server.fake.default = results(web_site, "/article")
    openai_server.fake.chat_delay = 3.0
    start_worker("duplicates")  # two child processes: both deliveries are taken at once
    client = client_for(worker_env)
    job_id = client.submit(QUESTION)
    wait_for_state(client, job_id, JobState.generating)
    client.celery.send_task("deepref.generate", args=(job_id,))  # the same stage, delivered again
    result = client.result(job_id, wait=True, timeout=60)
    record = client.status(job_id)
    assert result.references and record.attempts["generate"] == 1
    assert len(answer_requests(openai_server)) == 1  # the model was asked once


def test_a_finished_stage_whose_successor_was_never_queued_is_continued(
    worker_env, start_worker, client_for, searxng_server, web_site
):
    client = client_for(worker_env)
    # a worker finished search and died before queuing fetch:
    job = client.lifecycle.submit(QUESTION)
    claim = client.lifecycle.claim(job.id, "search", "died")
    searched = Searched(queries=[QUESTION], hits=[SearchHit.of_url(web_site.url("/article"))])
    client.store.put_artifact(job.id, "search", searched.artifact())  # as the search stage stores it
    client.lifecycle.finish(claim)
    start_worker("continues")
    client.celery.send_task("deepref.search", args=(job.id,))  # its message, delivered again
    result = client.result(job.id, wait=True, timeout=60)
    assert searxng_server.fake.queries == []  # search did not run again
    assert client.status(job.id).attempts == dict.fromkeys(
        ("search", "fetch", "chunk", "generate", "build_references"), 1
    )
    assert result.references and web_site.url("/article") in {r.url for r in result.references}


def test_a_job_cancelled_while_a_stage_runs_stops_at_the_boundary(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    searxng_server.fake.default = results(web_site, "/article")
    openai_server.fake.chat_delay = 3.0
    worker = start_worker("cancel")
    client = client_for(worker_env)
    job_id = client.submit(QUESTION)
    wait_for_state(client, job_id, JobState.generating)
    client.cancel(job_id)
    lock = client.store.keys.job_stage_lock(job_id, "generate")
    wait_until(lambda: not client.store.held(lock), 30, "the generate stage to end")
    worker.barrier(client, job_id)  # a next stage, had one been queued, has run before this returns
    assert not any(name == "deepref.build_references" for name, *_ in worker.tasks().values())
    record = client.status(job_id)
    assert record.state is JobState.cancelled and record.result is None
    assert "build_references" not in record.attempts
    states = [e["state"] for _, e in client.store.events(job_id)]
    assert states[-1] == "cancelled" and "referencing" not in states


def test_a_child_recycled_for_memory_still_serves(
    worker_env, start_worker, client_for, searxng_server, web_site, artifacts_dir
):
    """--max-memory-per-child: every child is replaced after one task (1 KiB limit);
    the new children, forked after the first, run the next jobs. Three jobs, one after
    the other: a job can be a single task (a stage runs on into the next ones), and the
    pool's two first children serve one task each, so the third job at the latest runs
    in a child forked after them (two jobs could both land on the first two)."""
    searxng_server.fake.default = results(web_site, "/article")
    worker = start_worker("recycled", "--max-memory-per-child=1")
    client = client_for(worker_env)
    for _ in range(3):
        assert client.result(client.submit(QUESTION), wait=True, timeout=90).references
    children = set(re.findall(r"ForkPoolWorker-(\d+)", worker.log_path.read_text(errors="replace")))
    assert max(int(c) for c in children) > 2, children  # more children than the pool's two: recycled
