"""The API does what its OpenAPI description says (issue 23): each test here pins one
mismatch Schemathesis found, against a real aiohttp server, Redis and worker."""

from __future__ import annotations

import asyncio
import json
import re

import jsonschema
import pytest
from openapi_spec_validator import validate

from api.app import create_app
from api.spec import openapi, question_schema
from worker.errors import QuestionError
from worker.models import JobState
from worker.questions import validate_question

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]


@pytest.fixture
async def api(aiohttp_client, worker_env, client_for):
    client = client_for(worker_env)
    return await aiohttp_client(create_app(client.settings, client=client)), client


async def test_405_lists_the_allowed_methods(api):
    http, _ = api
    for method, path, allowed in [
        ("PUT", "/v1/jobs", {"POST"}),
        ("TRACE", f"/v1/jobs/{'0' * 32}", {"GET", "HEAD", "DELETE"}),
        ("POST", "/healthz", {"GET", "HEAD"}),
    ]:
        resp = await http.request(method, path)
        assert resp.status == 405, (method, path)
        assert set(resp.headers["Allow"].replace(" ", "").split(",")) == allowed
        assert (await resp.json())["error"]["type"] == "HTTPMethodNotAllowed"


async def test_delete_removes_a_finished_job_and_refuses_a_running_one(api):
    http, client = api
    job_id = client.submit("What is BM25?")  # no worker: it stays queued
    refused = await http.delete(f"/v1/jobs/{job_id}")
    assert refused.status == 409 and "cancel it first" in (await refused.json())["error"]["message"]
    assert (await http.get(f"/v1/jobs/{job_id}")).status == 200

    cancelled = await http.post(f"/v1/jobs/{job_id}/cancel")
    assert cancelled.status == 200 and (await cancelled.json())["state"] == "cancelled"
    client.store.put_artifact(job_id, "hits", [1])
    deleted = await http.delete(f"/v1/jobs/{job_id}")
    assert deleted.status == 204
    assert (await http.get(f"/v1/jobs/{job_id}")).status == 404
    assert (await http.delete(f"/v1/jobs/{job_id}")).status == 404
    assert not list(client.store.redis.scan_iter(match=f"{client.settings.key_prefix}:job:{job_id}*"))
    assert job_id.encode() not in client.store.redis.zrange(client.store.keys.job_index(), 0, -1)


async def test_cancel_leaves_a_finished_job_as_it_is(api):
    http, client = api
    job_id = client.submit("What is BM25?")
    client.store.update(job_id, state=JobState.failed, message="gave up")
    resp = await http.post(f"/v1/jobs/{job_id}/cancel")
    assert resp.status == 200 and (await resp.json())["state"] == "failed"


def test_the_description_declares_what_the_server_answers():
    spec = openapi()
    validate(spec)
    paths = spec["paths"]
    job = paths["/v1/jobs/{id}"]
    assert job["parameters"][0]["schema"]["pattern"] == "^[0-9a-f]{32}$"
    assert set(job["delete"]["responses"]) >= {"204", "400", "401", "403", "404", "409", "421", "503"}
    assert set(paths["/v1/jobs/{id}/cancel"]["post"]["responses"]) >= {"200", "400", "401", "404", "503"}
    assert set(paths["/v1/jobs"]["post"]["responses"]) >= {"202", "400", "401", "403", "413", "415", "422", "503"}
    assert set(paths["/v1/jobs/{id}/events"]["get"]["responses"]) >= {"200", "400", "404", "429", "503"}
    assert paths["/healthz"]["get"]["responses"]["503"]["content"]["application/json"]["schema"]
    allow = spec["components"]["responses"]["MethodNotAllowed"]["headers"]["Allow"]
    assert allow["schema"] == {"type": "string"}
    question = spec["components"]["schemas"]["JobRequest"]["properties"]["question"]
    assert question["minLength"] == 1 and question["maxLength"] == 2000


TAKEN = ["What is BM25?", "  padded  ", "tab\tand\nnewline", "ZWJ\u200dinside", "\u00a0nbsp\u3000", "emoji \U0001f600"]
REFUSED = ["", "   ", "\n\t", "bell\x07", "zero\u200bwidth", "\ufeffbom", "private\ue000", "x" * 2001, "mid\rdle"]
EDGES = ["lead\x0bvt", " " * 1995 + "abcdef", "\r\nWindows line\r\n", "tag\U000e0041", "\x1cstripped\x85"]


@pytest.mark.parametrize("question", TAKEN + REFUSED + EDGES)
def test_the_question_schema_is_what_the_server_takes(question):
    schema = question_schema(2000)
    declared = jsonschema.Draft202012Validator(schema).is_valid(question)
    try:
        validate_question(question, max_chars=2000)
        taken = True
    except QuestionError:
        taken = False
    assert declared == taken, (question, declared, taken)
    assert re.search(schema["pattern"], question) is not None or not taken


def _events(text: str) -> list[dict]:
    """An SSE parser's view of the stream: {"event", "data", "id"} per event."""
    events = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            if line.startswith(":") or ":" not in line:
                continue
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
        if "data" in fields:
            events.append(fields)
    return events


async def test_every_event_the_stream_sends_matches_its_declared_schema(api, start_worker, searxng_server, web_site):
    http, client = api
    searxng_server.fake.default = [{"url": web_site.url("/article"), "title": "Tides", "content": ""}]
    start_worker("conformance")
    job_id = client.submit("When did La Rance open?")
    await asyncio.to_thread(client.result, job_id, wait=True, timeout=60)
    events = _events(await (await http.get(f"/v1/jobs/{job_id}/events")).text())
    assert {e["event"] for e in events} >= {"state", "draft", "answer"}

    spec = openapi()
    content = spec["paths"]["/v1/jobs/{id}/events"]["get"]["responses"]["200"]["content"]
    schema = {**content["text/event-stream"]["schema"], "components": spec["components"]}
    validator = jsonschema.Draft202012Validator(schema)
    for event in events:
        validator.validate(event)  # the event as an SSE parser gives it (what Schemathesis checks)
        branch = next(b for b in schema["oneOf"] if b["properties"]["event"]["const"] == event["event"])
        data_schema = {**branch["properties"]["data"]["contentSchema"], "components": spec["components"]}
        jsonschema.Draft202012Validator(data_schema).validate(json.loads(event["data"]))
