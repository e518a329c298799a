"""The HTTP API against a real aiohttp server, a real Redis and a real worker."""

from __future__ import annotations

import asyncio
import json

import pytest
from openapi_spec_validator import validate

from deepref.api.app import create_app
from deepref.worker.settings import Settings

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]


@pytest.fixture
async def api(aiohttp_client, worker_env, client_for):
    client = client_for(worker_env)
    return await aiohttp_client(create_app(client.settings, client=client)), client


@pytest.fixture
async def api_with_worker(api, start_worker, searxng_server, web_site):
    searxng_server.fake.default = [{"url": web_site.url("/article"), "title": "Tides", "content": ""}]
    start_worker("api")
    return api


async def test_job_lifecycle_over_http(api_with_worker):
    http, _ = api_with_worker
    resp = await http.post("/v1/jobs", json={"question": "When did La Rance open?"})
    assert resp.status == 202
    created = await resp.json()
    assert created["urls"]["page"] == f"/jobs/{created['id']}" and resp.headers["Location"].endswith(created["id"])

    events = []
    async with http.get(created["urls"]["events"]) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        kind = None
        async for line in stream.content:
            if line.startswith(b"event: "):
                kind = line[7:].strip()
            elif line.startswith(b"data: ") and kind == b"state":  # not the answer's draft and edits
                events.append(json.loads(line[6:]))
    states = [e["state"] for e in events]
    assert states[-1] == "done" and "fetching" in states and "referencing" in states

    job = await (await http.get(created["urls"]["status"])).json()
    assert job["state"] == "done" and set(job["timings"]) >= {"search", "fetch", "build_references"}
    result = job["result"]
    assert result["references"] and '<sup class="fn"><a href="#ref-1"' in result["answer_html"]
    ref = result["references"][0]
    assert ref["context"][ref["context_quote_span"][0] : ref["context_quote_span"][1]] == ref["quote"]


async def test_events_resume_after_last_event_id(api_with_worker):
    http, client = api_with_worker
    job_id = client.submit("When did La Rance open?")
    await asyncio.to_thread(client.result, job_id, wait=True, timeout=60)
    first = await (await http.get(f"/v1/jobs/{job_id}/events")).text()
    ids = [line[4:] for line in first.splitlines() if line.startswith("id: ")]
    resumed = await (await http.get(f"/v1/jobs/{job_id}/events", headers={"Last-Event-ID": ids[-2]})).text()
    assert [line for line in resumed.splitlines() if line.startswith("id: ")] == [f"id: {ids[-1]}"]


async def test_cancel(api):
    http, client = api
    job_id = client.submit("What is BM25?")
    resp = await http.post(f"/v1/jobs/{job_id}/cancel")
    assert resp.status == 200 and (await resp.json())["state"] == "cancelled"


async def test_bad_requests(api):
    http, _ = api
    cases = [
        (http.post("/v1/jobs", data="{not json", headers={"Content-Type": "application/json"}), 400, "not valid JSON"),
        (http.post("/v1/jobs", json={"question": "x", "options": {"profile": "fast"}}), 422, "options.profile"),
        (http.post("/v1/jobs", json={"nope": 1}), 422, "question"),
        (http.post("/v1/jobs", json={"question": ""}), 422, "empty"),
        (http.post("/v1/jobs", data=b"x" * 200_000, headers={"Content-Type": "application/json"}), 413, "too large"),
        (http.get("/v1/jobs/does-not-exist"), 400, "not a job id"),
        (http.get(f"/v1/jobs/{'0' * 32}"), 404, "never submitted"),
        (http.get(f"/v1/jobs/{'0' * 32}/events"), 404, "never submitted"),
        (http.put("/v1/jobs"), 405, "not allowed"),
        (http.get("/v1/reports/x/runs/..%2f..%2fetc"), 404, "no report run"),
    ]
    for request, status, message in cases:
        resp = await request
        body = await resp.json()
        assert resp.status == status, (status, body)
        assert message in body["error"]["message"] and "Traceback" not in json.dumps(body)


async def test_corpus_folders_only_inside_the_configured_roots(aiohttp_client, worker_env, client_for, tmp_path):
    """Over HTTP a caller must not make the worker read any folder of its machine."""
    client = client_for(worker_env)
    (tmp_path / "notes" / "team").mkdir(parents=True)
    closed = await aiohttp_client(create_app(client.settings, client=client))
    resp = await closed.post("/v1/jobs", json={"question": "q", "options": {"corpus_dir": str(tmp_path / "notes")}})
    assert resp.status == 403 and "DEEPREF_API_CORPUS_ROOTS" in (await resp.json())["error"]["message"]

    settings = Settings(**{**client.settings.model_dump(), "api_corpus_roots": [tmp_path / "notes"]})
    http = await aiohttp_client(create_app(settings, client=client))
    for outside in ["/etc", str(tmp_path), "../../etc", str(tmp_path / "notes" / ".." / "secrets")]:
        resp = await http.post("/v1/jobs", json={"question": "q", "options": {"corpus_dir": outside}})
        assert resp.status == 403, outside
    for inside, expected in [("team", tmp_path / "notes" / "team"), (str(tmp_path / "notes"), tmp_path / "notes")]:
        resp = await http.post("/v1/jobs", json={"question": "q", "options": {"corpus_dir": inside}})
        assert resp.status == 202, await resp.text()
        job_id = (await resp.json())["id"]
        assert client.status(job_id).options.corpus_dir == str(expected.resolve())  # what the worker will read


async def test_bearer_token(aiohttp_client, worker_env, client_for):
    client = client_for(worker_env)
    token = "s3cret-" + "x" * 32
    settings = Settings(**{**client.settings.model_dump(), "api_token": token})
    http = await aiohttp_client(create_app(settings, client=client))
    job = "0" * 32
    missing = await http.get(f"/v1/jobs/{job}")
    assert missing.status == 401 and missing.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = await http.get(f"/v1/jobs/{job}", headers={"Authorization": "Bearer nope"})
    assert wrong.status == 401
    right = await http.get(f"/v1/jobs/{job}", headers={"Authorization": f"Bearer {token}"})
    assert right.status == 404
    assert (await http.get("/openapi.json")).status == 200  # open, like /healthz and the pages


async def test_healthz(api, start_worker):
    http, _ = api
    down = await http.get("/healthz")
    assert down.status == 503 and (await down.json())["redis"] is True
    start_worker("health")
    up = await http.get("/healthz")
    assert up.status == 200 and (await up.json())["workers"] >= 1


async def test_openapi_is_valid(api):
    http, _ = api
    spec = await (await http.get("/openapi.json")).json()
    validate(spec)
    assert {"/v1/jobs", "/v1/jobs/{id}", "/v1/jobs/{id}/events", "/v1/reports", "/healthz"} <= set(spec["paths"])


async def test_reports_endpoints_read_the_reports_dir(aiohttp_client, worker_env, client_for, tmp_path):
    client = client_for(worker_env)
    settings = Settings(**{**client.settings.model_dump(), "reports_dir": tmp_path})
    run = tmp_path / "weekly" / "2026-11-22T0900"
    run.mkdir(parents=True)
    (tmp_path / "weekly" / "index.json").write_text(json.dumps({"name": "weekly", "runs": [{"run": run.name}]}))
    (run / "report.json").write_text(
        json.dumps(
            {
                "title": "Weekly",
                "sections": [
                    {
                        "question": "q",
                        "status": "done",
                        "answer": "A claim.[^1]",
                        "markers": [[8, 12, 1]],
                        "references": [],
                    }
                ],
                "references": [],
            }
        )
    )
    http = await aiohttp_client(create_app(settings, client=client))
    listing = await (await http.get("/v1/reports")).json()
    assert listing["reports"][0]["name"] == "weekly"
    data = await (await http.get(f"/v1/reports/weekly/runs/{run.name}")).json()
    assert 'data-n="1"' in data["sections"][0]["answer_html"]
