"""Follow-up questions over HTTP: a real aiohttp server, a real Redis, a real Celery
worker and the scripted model. A follow-up the thread's sources hold sends the local
search server nothing and fetches no page; one they do not hold searches and says so;
both are cited, verified and numbered across the thread."""

from __future__ import annotations

import re

import pytest

from tests.api.test_plans import state_of, until
from tests.conftest import WorkerProcess

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

PARENT = "What do tidal lagoon costs depend on?"
HELD = "How many million pounds do the tidal lagoon costs reach?"
NOT_HELD = "Which bird species nest on offshore wind farms in the North Sea?"


async def ask(http, parent: str, question: str, **body) -> str:
    resp = await http.post(f"/v1/jobs/{parent}/followups", json={"question": question, **body})
    assert resp.status == 202, await resp.text()
    assert resp.headers["Location"] == f"/v1/jobs/{(await resp.json())['id']}"
    return (await resp.json())["id"]


def check_cited(result: dict) -> None:
    """Every marker names a reference of the answer, every quote is its source's text
    (the API's result; the CLI's JSON has neither marker spans nor contexts)."""
    numbers = {r["n"] for r in result["references"]}
    marked = {int(n) for n in re.findall(r"\[\^(\d+)\]", result["answer"])}
    assert marked and marked <= numbers, (marked, numbers)
    markers = result.get("markers", [])
    assert [result["answer"][s:e] for s, e, _ in markers] == [f"[^{n}]" for *_, n in markers]
    for ref in result["references"]:
        assert ref["quote"] and ref["quote"] in ref.get("context", ref["quote"])


def messages_of(openai_server, question: str) -> list[dict]:
    """The chat messages the answer to ``question`` was asked with."""
    for request in reversed(openai_server.fake.requests):
        messages = request["body"].get("messages", [])
        if messages and messages[-1]["content"].startswith(f"Question: {question}"):
            return messages
    raise AssertionError(f"the model was never asked {question!r}")


async def test_a_follow_up_reuses_the_threads_sources_or_searches_and_says_so(
    api, worker_env, searxng_server, topic_site, openai_server
):
    http, _ = api
    # the model misbehaves on the follow-up: a number naming no source, a claim left uncited
    openai_server.fake.script(
        "million pounds",
        "The tidal lagoon costs reach hundreds of million pounds [{unknown}].\n"
        "Tidal lagoons hold water behind a sea wall and release it through turbines.",
    )
    worker = WorkerProcess(worker_env, "followups", concurrency=1)
    try:
        worker.wait_ready()
        resp = await http.post("/v1/jobs", json={"question": PARENT})
        parent_id = (await resp.json())["id"]
        parent = await until(http, parent_id, {"done", "failed"})
        assert parent["state"] == "done", parent.get("error")
        searched, fetched = list(searxng_server.fake.queries), sum(topic_site.site.hits.values())

        child_id = await ask(http, parent_id, HELD)
        child = await until(http, child_id, {"done", "failed"})
        assert child["state"] == "done", child.get("error")
        assert child["parent"] == parent_id
        assert searxng_server.fake.queries == searched  # no new search
        assert sum(topic_site.site.hits.values()) == fetched  # no page fetched again
        result = child["result"]
        up = result["followup"]
        assert up["parent"] == parent_id and up["searched"] is False
        assert up["coverage"] >= up["min_coverage"] == 0.6 and up["reused_sources"] == len(parent["result"]["sources"])
        assert "no new search" in up["note"]
        check_cited(result)
        assert "hundreds" not in result["answer"] or "[^" in result["answer"]
        # one numbering across the thread: a source keeps its number, a new one comes after
        before = {r["url"]: r["n"] for r in parent["result"]["references"]}
        for ref in result["references"]:
            if ref["url"] in before:
                assert ref["n"] == before[ref["url"]]
            else:
                assert ref["n"] > max(before.values())
        assert {r["n"] for r in up["references"]} == {r["n"] for r in parent["result"]["references"]} | {
            r["n"] for r in result["references"]
        }
        assert [t["job_id"] for t in up["turns"]] == [parent_id]
        # the earlier question and answer went to the model as conversation, markers out
        messages = messages_of(openai_server, HELD)
        assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
        assert messages[1]["content"] == PARENT
        assert (
            "[^" not in messages[2]["content"]
            and messages[2]["content"].split()[:3]
            == re.sub(r"\s?\[\^\d+\]", "", parent["result"]["answer"]).split()[:3]
        )

        # a follow-up of the follow-up that its thread does not hold: a search, said in its events
        grandchild_id = await ask(http, child_id, NOT_HELD)
        grandchild = await until(http, grandchild_id, {"done", "failed"})
        assert grandchild["state"] == "done", grandchild.get("error")
        assert NOT_HELD in searxng_server.fake.queries[len(searched) :]
        up = grandchild["result"]["followup"]
        assert up["searched"] is True and up["coverage"] < up["min_coverage"] and "a new search runs" in up["note"]
        assert [t["job_id"] for t in up["turns"]] == [parent_id, child_id]
        assert len(messages_of(openai_server, NOT_HELD)) == 6  # system, two turns, the question
        events = await http.get(f"/v1/jobs/{grandchild_id}/events", headers={"Accept": "text/event-stream"})
        said = await events.text()
        assert "sources do not suffice" in said
        check_cited(grandchild["result"])
        numbers = {r["n"] for r in grandchild["result"]["followup"]["references"]}
        thread = {r["n"] for r in child["result"]["followup"]["references"]}
        assert thread <= numbers

        # an unknown parent is 404, an unfinished one 409, a bad body 422
        resp = await http.post(f"/v1/jobs/{'0' * 32}/followups", json={"question": HELD})
        assert resp.status == 404 and (await resp.json())["error"]["type"] == "JobNotFound"
        plan = {"depth": "standard", "approve_plan": True}  # a job that ends only when cancelled here
        resp = await http.post("/v1/jobs", json={"question": "How do tidal turbines work?", "options": plan})
        other = (await resp.json())["id"]
        assert (await (await http.post(f"/v1/jobs/{other}/cancel")).json())["state"] == "cancelled"
        resp = await http.post(f"/v1/jobs/{other}/followups", json={"question": HELD})
        assert resp.status == 409, await resp.text()
        error = (await resp.json())["error"]
        assert error["type"] == "ParentNotFinished" and "cancelled" in error["message"]
        for body in ({"question": HELD, "depth": "deep"}, {"question": HELD, "budget": {"cost": 0}}, {"question": ""}):
            resp = await http.post(f"/v1/jobs/{parent_id}/followups", json=body)
            assert resp.status == 422, (body, await resp.text())
    finally:
        worker.stop()


async def test_a_follow_up_of_a_job_still_running_is_409(api, worker_env):
    """No worker runs: the parent stays queued, and says how to wait for it."""
    http, _ = api
    parent_id = (await (await http.post("/v1/jobs", json={"question": PARENT})).json())["id"]
    resp = await http.post(f"/v1/jobs/{parent_id}/followups", json={"question": HELD})
    assert resp.status == 409
    message = (await resp.json())["error"]["message"]
    assert "queued, not done" in message and f"deepref result {parent_id} --wait" in message
    assert (await state_of(http, parent_id))["state"] == "queued"


async def test_a_follow_up_of_a_standard_job_reads_the_pages_of_its_rounds(
    api, worker_env, searxng_server, topic_site, openai_server
):
    http, _ = api
    openai_server.fake.researcher.behave("tidal lagoon", rounds=1)
    worker = WorkerProcess(worker_env, "followups-deep", concurrency=1)
    try:
        worker.wait_ready()
        options = {"depth": "standard", "budget": {"rounds": 1}}
        parent_id = (await (await http.post("/v1/jobs", json={"question": PARENT, "options": options})).json())["id"]
        parent = await until(http, parent_id, {"done", "failed"}, timeout=90)
        assert parent["state"] == "done", parent.get("error")
        searched, fetched = list(searxng_server.fake.queries), sum(topic_site.site.hits.values())
        child = await until(http, await ask(http, parent_id, HELD), {"done", "failed"})
        assert child["state"] == "done", child.get("error")
        assert searxng_server.fake.queries == searched and sum(topic_site.site.hits.values()) == fetched
        up = child["result"]["followup"]
        assert up["searched"] is False and up["reused_sources"] >= len(parent["result"]["sources"]) > 0
        assert child["options"]["depth"] == "quick" and child["result"]["deep"] is None
        check_cited(child["result"])
        before = {r["url"]: r["n"] for r in parent["result"]["references"]}
        for ref in child["result"]["references"]:
            assert ref["n"] == before[ref["url"]] if ref["url"] in before else ref["n"] > max(before.values())
        # the report went to the model as the earlier answer, its markers out
        messages = messages_of(openai_server, HELD)
        assert messages[1]["content"] == PARENT and "[^" not in messages[2]["content"]
    finally:
        worker.stop()


async def test_a_remote_follow_up_reaches_no_folder_outside_the_roots(api, tmp_path):
    """An operator's job searched a folder no HTTP caller may name: its follow-up over
    HTTP is refused as POST /v1/jobs would refuse that folder; the operator may ask."""
    from deepref.worker.jobs.models import JobState, ResearchOptions, ResearchResult

    http, client = api
    folder = tmp_path / "private"
    folder.mkdir()
    record = client.store.create(PARENT, ResearchOptions(corpus_dir=str(folder), provider="local"))
    client.store.update(
        record.id, state=JobState.done, result=ResearchResult(question=PARENT, answer="…", answer_mode="extractive")
    )
    resp = await http.post(f"/v1/jobs/{record.id}/followups", json={"question": HELD})
    assert resp.status == 403, await resp.text()
    message = (await resp.json())["error"]["message"]
    assert f"job {record.id}'s options.corpus_dir" in message and "DEEPREF_API_CORPUS_ROOTS" in message
    child = client.follow_up(record.id, HELD)  # the operator's client: any folder of theirs
    assert client.status(child).options.corpus_dir == str(folder.resolve())


async def test_a_report_runs_follow_up_reads_its_sections_sources(
    aiohttp_client, client_for, worker_env, searxng_server, topic_site, openai_server, tmp_path
):
    """A finished run whose section a worker researched: its follow-up's parent stands
    for the run (the report as the earlier answer, its numbers), nothing is searched."""
    from deepref.api.app import create_app
    from deepref.reports.assemble import assemble
    from deepref.reports.followups import parent_id
    from deepref.reports.store import ReportStore

    client = client_for({**worker_env, "DEEPREF_REPORTS_DIR": str(tmp_path)})
    http = await aiohttp_client(create_app(client.settings, client=client))
    run = {"name": "tides", "title": "Tidal power", "run": "2025-01-01T00-00", "slot": None, "status": "running"}
    run |= {"started_at": 1.0, "finished_at": None}
    resp = await http.post(f"/v1/reports/{run['name']}/runs/{run['run']}/followups", json={"question": HELD})
    assert resp.status == 404
    worker = WorkerProcess(worker_env, "followups-report", concurrency=1)
    try:
        worker.wait_ready()
        section = client.submit(PARENT)
        result = client.result(section, wait=True, timeout=60).model_dump(mode="json")
        report = {**run, "sections": [{"question": PARENT, "status": "done", "job_id": section, "result": result}]}
        report["references"] = []
        ReportStore(tmp_path).save(report)  # still running: no follow-up yet
        path = f"/v1/reports/{run['name']}/runs/{run['run']}/followups"
        resp = await http.post(path, json={"question": HELD})
        assert resp.status == 409 and "not done" in (await resp.json())["error"]["message"]
        assemble(report)
        report.pop("_merged_refs")
        ReportStore(tmp_path).save({**report, "status": "done"})
        searched = list(searxng_server.fake.queries)
        resp = await http.post(path, json={"question": HELD})
        assert resp.status == 202, await resp.text()
        child = await until(http, (await resp.json())["id"], {"done", "failed"})
        assert child["state"] == "done", child.get("error")
        assert child["parent"] == parent_id(run["name"], run["run"]) and searxng_server.fake.queries == searched
        up = child["result"]["followup"]
        assert up["searched"] is False and up["reused_sources"] == len(result["sources"])
        assert up["turns"][0]["question"] == "Tidal power" and up["turns"][0]["answer"].startswith(f"## {PARENT}")
        before = {r["url"]: r["n"] for r in report["references"]}
        assert all(r["n"] == before.get(r["url"], r["n"]) for r in child["result"]["references"])
        check_cited(child["result"])
        again = await (await http.post(path, json={"question": NOT_HELD})).json()  # the same parent, made once
        assert (await until(http, again["id"], {"done", "failed"}))["parent"] == child["parent"]
    finally:
        worker.stop()
