"""A plan to approve over HTTP: a real aiohttp server, a real Redis, a real Celery
worker with one process and the fake model; the edited plan is what the local
search server is asked, and the waiting job leaves the worker free."""

from __future__ import annotations

import asyncio
import time

import pytest

from deepref.worker.jobs.models import JobState, ResearchOptions
from deepref.worker.jobs.plans import ResearchPlan
from tests.conftest import WorkerProcess
from tests.e2e.support import wait_until

pytestmark = [pytest.mark.redis, pytest.mark.timeout(180)]

DEEP = {"depth": "standard", "approve_plan": True, "budget": {"rounds": 1}}
EDITED = {
    "sub_questions": ["How much does the sea wall cost?"],
    "queries": ["edited sea wall cost", "edited turbine maintenance"],
    "outline": ["Walls", "Turbines"],
    "clarifications": [{"question": "Which country do you mean?", "answer": "Wales"}],
}


async def state_of(http, job_id: str) -> dict:
    return await (await http.get(f"/v1/jobs/{job_id}")).json()


async def until(http, job_id: str, states: set[str], timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while (job := await state_of(http, job_id))["state"] not in states:
        assert time.monotonic() < deadline, f"job {job_id} still {job['state']}: {job['message']}"
        await asyncio.sleep(0.1)
    return job


@pytest.mark.worker
async def test_an_edited_plan_runs_and_a_waiting_job_holds_no_worker(
    api, worker_env, searxng_server, topic_site, openai_server
):
    http, _ = api
    openai_server.fake.researcher.behave("tidal lagoon", rounds=1, ambiguous=True)
    worker = WorkerProcess(worker_env, "plans", concurrency=1)  # one process: one job at a time
    try:
        worker.wait_ready()
        resp = await http.post("/v1/jobs", json={"question": "What do tidal lagoon costs depend on?", "options": DEEP})
        assert resp.status == 202
        job_id = (await resp.json())["id"]
        waiting = await until(http, job_id, {"awaiting_approval", "failed"})
        assert waiting["state"] == "awaiting_approval", waiting
        assert waiting["plan"]["queries"][0].endswith("proposed a") and waiting["plan"]["outline"] == [
            "Overview",
            "Evidence",
        ]
        assert waiting["plan"]["clarifications"] == [{"question": "Which country do you mean?", "answer": ""}]
        assert searxng_server.fake.queries == []

        # the only worker process is free: a quick job runs to the end while the plan waits
        other = (await (await http.post("/v1/jobs", json={"question": "How do tidal turbines work?"})).json())["id"]
        assert (await until(http, other, {"done", "failed"}))["state"] == "done"
        assert (await state_of(http, job_id))["state"] == "awaiting_approval"
        searched_before = list(searxng_server.fake.queries)

        resp = await http.post(f"/v1/jobs/{job_id}/plan", json=EDITED)
        assert resp.status == 200, await resp.text()
        assert (await resp.json())["plan"]["edited"] is True
        resp = await http.post(f"/v1/jobs/{job_id}/approve")
        assert resp.status == 202 and (await resp.json())["state"] == "queued"
        done = await until(http, job_id, {"done", "failed"})
        assert done["state"] == "done", done.get("error")

        searched = searxng_server.fake.queries[len(searched_before) :]
        assert searched[:2] == EDITED["queries"]  # the approved plan's queries, as edited, first
        assert not any("proposed" in q for q in searxng_server.fake.queries)
        deep = done["result"]["deep"]
        assert deep["rounds"][0]["queries"] == EDITED["queries"] and deep["outline"] == ["Walls", "Turbines"]
        assert done["plan"]["approved_at"] and "plan" in done["timings"]

        again = await http.post(f"/v1/jobs/{job_id}/approve")
        assert again.status == 409 and "approved already" in (await again.json())["error"]["message"]
    finally:
        worker.stop()


async def test_unknown_jobs_wrong_states_bad_plans_and_expiry(api):
    http, client = api
    for path in ("plan", "approve"):
        resp = await http.post(f"/v1/jobs/{'0' * 32}/{path}", json=EDITED if path == "plan" else None)
        assert resp.status == 404 and (await resp.json())["error"]["type"] == "JobNotFound"

    quick = client.submit("What is BM25?")  # no worker runs: it stays queued
    for path in ("plan", "approve"):
        resp = await http.post(f"/v1/jobs/{quick}/{path}", json=EDITED if path == "plan" else None)
        error = (await resp.json())["error"]
        assert resp.status == 409 and error["type"] == "NotAwaitingApproval", error
        assert "submitted without approve_plan" in error["message"]

    refused = await http.post("/v1/jobs", json={"question": "What is BM25?", "options": {"approve_plan": True}})
    assert refused.status == 422 and "approve_plan applies to depth standard or deep" in await refused.text()

    # a job that planned (as its plan stage leaves it), then edits that are not plans
    job_id = client.lifecycle.submit("What is BM25?", ResearchOptions(depth="standard", approve_plan=True)).id
    client.lifecycle.propose(job_id, ResearchPlan(queries=["bm25"]), [])
    for body, where in (
        ({"queries": []}, "queries"),
        ({"queries": ["x"], "steps": ["y"]}, "steps"),
        ({"queries": ["x"] * 11}, "queries"),
        ({"queries": [3]}, "queries.0"),
        ({"queries": ["ok"], "clarifications": [{"question": "?", "answer": 1}]}, "clarifications.0.answer"),
    ):
        resp = await http.post(f"/v1/jobs/{job_id}/plan", json=body)
        error = (await resp.json())["error"]
        assert resp.status == 422 and error["message"].startswith(f"{where}:"), (body, error)
    assert (await state_of(http, job_id))["plan"]["queries"] == ["bm25"]  # unchanged
    scraped = await (await http.get("/metrics")).text()
    assert 'deepref_jobs{state="awaiting_approval"} 1.0' in scraped  # operators see plans waiting

    # its time runs out: approving now fails it, and the record says why
    client.store.update(job_id, mutate=lambda r: setattr(r.plan, "expires_at", time.time() - 1))
    resp = await http.post(f"/v1/jobs/{job_id}/approve")
    error = (await resp.json())["error"]
    assert resp.status == 409 and "expired (DEEPREF_PLAN_APPROVAL_SECONDS)" in error["message"]
    job = await state_of(http, job_id)
    assert job["state"] == "failed" and job["error"]["type"] == "ApprovalExpired" and job["error"]["stage"] == "plan"

    # a waiting job can be cancelled
    other = client.lifecycle.submit("What is BM25?", ResearchOptions(depth="deep", approve_plan=True)).id
    client.lifecycle.propose(other, ResearchPlan(queries=["bm25"]), [])
    assert (await (await http.post(f"/v1/jobs/{other}/cancel")).json())["state"] == "cancelled"
    wait_until(lambda: client.store.get(other).state is JobState.cancelled, 5, "the cancel")
    resp = await http.post(f"/v1/jobs/{other}/approve")
    assert resp.status == 409 and "cancelled" in (await resp.json())["error"]["message"]
