"""The API does what its OpenAPI description says (issue 23): each test here pins one
mismatch Schemathesis found, against a real aiohttp server, Redis and worker."""

from __future__ import annotations

import asyncio
import json
import random
import re

import jsonschema
import pytest
from openapi_spec_validator import validate

from deepref.api.app import create_app
from deepref.api.models import JobRequest
from deepref.api.spec import openapi, question_schema
from deepref.search.spec import PRESETS, PROVIDERS
from deepref.worker.errors import QuestionError
from deepref.worker.jobs.models import JobState
from deepref.worker.jobs.questions import validate_question

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


def _question_taken(question: str) -> bool:
    try:
        validate_question(question, max_chars=60)
    except QuestionError:
        return False
    return True


def test_the_question_schema_agrees_with_the_server_on_random_text():
    """Exact on 20,000 random strings, by Python's re and by both JSON Schema readers
    Schemathesis uses (jsonschema-rs for its checks, jsonschema for ours)."""
    jsonschema_rs = pytest.importorskip("jsonschema_rs")
    schema = question_schema(60)
    pattern, refused = re.compile(schema["pattern"]), re.compile(schema["not"]["pattern"])
    py_validator, rs_validator = jsonschema.Draft202012Validator(schema), jsonschema_rs.validator_for(schema)
    rng = random.Random(23)
    # white space (some of it refused inside the text), refused characters, allowed formats, text
    pool = "\t\n\x0b\x0c\r\x1c\x1f \x85\xa0\u2028\u3000" + "\x00\x07\x7f\u200b\u200e\u202e\u2066\ufeff\ue000"
    pool += "\u200c\u200d" + "ab é語" + "\U000f0001\U0010fffd\U000ffffe\U000e0041\U0001f600"
    mismatches = []
    for _ in range(20_000):
        text = "".join(
            rng.choice(pool) if rng.random() < 0.8 else chr(rng.randrange(0x110000))
            for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 30, 59, 60, 61]))
        )
        if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            continue  # a lone surrogate cannot be sent as UTF-8 JSON
        taken = _question_taken(text)
        by_re = bool(pattern.search(text)) and not refused.search(text) and 1 <= len(text) <= 60
        if not taken == by_re == py_validator.is_valid(text) == rs_validator.is_valid(text):
            mismatches.append(text)
    assert not mismatches, mismatches[:5]


def _settings(**values):
    from deepref.worker.settings import Settings

    base = {"search_provider": "searxng", "searxng_url": "http://127.0.0.1:9", "llm_model": "fake"}
    return Settings(_env_file=None, **(base | values))


def _provider_taken(spec: str, settings) -> bool:
    from pydantic import ValidationError

    from deepref.reference.errors import ConfigurationError, InputError
    from deepref.worker.jobs.limits import check_options

    try:
        check_options(
            JobRequest.model_validate({"question": "q", "options": {"provider": spec}}).options,
            settings,
            caller="remote",
        )
    except (ValidationError, InputError, ConfigurationError):
        return False
    return True


SERVERS = [
    {},  # searxng and local
    {"allowed_providers": ["academic", "wikipedia", "tavily"]},  # tavily without its key: refused
    {"allowed_providers": ["all", "local"], "brave_api_key": "k" * 32, "search_provider": "duckduckgo"},
]


@pytest.mark.parametrize("values", SERVERS)
def test_the_provider_schema_is_what_the_server_takes(values):
    """options.provider is declared as this server's allow-list: each accepted name or
    preset, in any case, with white space and commas as the server reads a spec."""
    from deepref.api.spec import choices

    settings = _settings(**values)
    options = openapi(settings.max_question_chars, choices(settings))["components"]["schemas"]["ResearchOptions"]
    declared = options["properties"]["provider"]
    validator = jsonschema.Draft202012Validator(declared)
    names = [*PROVIDERS, *PRESETS, "bing", "", " "]
    rng = random.Random(len(values))
    mismatches = []
    for _ in range(3_000):
        parts = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            name = rng.choice(names)
            name = "".join(c.upper() if rng.random() < 0.2 else c for c in name).replace("k", rng.choice("kK\u212a"))
            parts.append(rng.choice(["", " ", "\t", "\u3000"]) + name + rng.choice(["", " ", "\n"]))
        spec = rng.choice([",", ", "]).join(parts)
        if validator.is_valid(spec) != _provider_taken(spec, settings):
            mismatches.append(spec)
    assert not mismatches, mismatches[:5]
    accepted = set(choices(settings).providers)
    assert accepted and all(validator.is_valid(name) for name in accepted)


async def test_the_served_description_follows_the_operator_allow_lists(api):
    """What Schemathesis found: a schema-valid provider (openalex) answered 422 OptionNotAllowed.
    The served description names only what this server allows, and each is accepted."""
    http, _ = api
    options = (await (await http.get("/openapi.json")).json())["components"]["schemas"]["ResearchOptions"]
    props = options["properties"]
    provider = jsonschema.Draft202012Validator(props["provider"])
    assert not provider.is_valid("openalex") and provider.is_valid("searxng, LOCAL")
    assert props["llm_model"]["anyOf"][0]["enum"] == ["fake"]
    assert props["embedder"]["anyOf"][0]["enum"] == ["openai", "jaccard"]
    assert props["profile"]["enum"] == ["precise", "seed"]
    for option in [{"provider": "searxng,local"}, {"llm_model": "fake"}, {"embedder": "jaccard"}, {"profile": "seed"}]:
        resp = await http.post("/v1/jobs", json={"question": "What is BM25?", "options": option})
        assert resp.status == 202, (option, await resp.text())
    for option in [{"provider": "openalex"}, {"llm_model": "gpt-4o"}, {"embedder": "local"}]:
        resp = await http.post("/v1/jobs", json={"question": "What is BM25?", "options": option})
        assert resp.status == 422 and (await resp.json())["error"]["type"] == "OptionNotAllowed", option


def test_a_cost_budget_is_declared_only_for_models_with_a_price():
    """A cost budget needs the model's price (worker.jobs.limits.check_cost_budget)."""
    from deepref.api.spec import choices

    settings = _settings(
        llm_base_url="https://llm.example/v1", llm_model="mystery", allowed_llm_models=["mystery", "gpt-4o"]
    )
    spec = openapi(settings.max_question_chars, choices(settings))
    schema = {"$ref": "#/components/schemas/JobRequest", "components": spec["components"]}
    validator = jsonschema.Draft202012Validator(schema)
    for options, taken in [
        ({"budget": {"cost": 1.0}}, False),  # the default model has no known price
        ({"budget": {"cost": 1.0}, "llm_model": "gpt-4o"}, True),
        ({"budget": {"cost": 1.0}, "llm_model": "mystery"}, False),
        ({"llm_model": "mystery"}, True),
    ]:
        body = {"question": "q", "options": options}
        assert validator.is_valid(body) == taken == _options_taken(options, settings), options


@pytest.mark.parametrize(
    "values",
    [
        {},  # no chat model: only quick jobs run, and the model may not judge citations
        {"llm_base_url": "https://llm.example/v1"},
        {"llm_base_url": "https://llm.example/v1", "verify_with_model": "off"},
    ],
)
def test_depth_and_model_verification_are_declared_as_this_server_runs_them(values):
    """What Schemathesis found (issue 36): a schema-valid ``depth: deep`` answered an
    undeclared 422 on a server with no chat model. The description built from the
    server's settings takes exactly what its submit checks take."""
    from deepref.api.spec import choices

    settings = _settings(**values)
    spec = openapi(settings.max_question_chars, choices(settings))
    validator = jsonschema.Draft202012Validator(
        {"$ref": "#/components/schemas/JobRequest", "components": spec["components"]}
    )
    for options in [
        {"depth": depth, "verify_with_model": verify}
        for depth in ("quick", "standard", "deep")
        for verify in (None, False, True)
    ]:
        body = {"question": "q", "options": options}
        assert validator.is_valid(body) == _options_taken(options, settings), (values, options)


def _options_taken(options: dict, settings) -> bool:
    from deepref.reference.errors import ConfigurationError, InputError
    from deepref.worker.jobs.limits import check_options
    from deepref.worker.pipeline.deep.budget import check_depth

    try:
        parsed = JobRequest.model_validate({"question": "q", "options": options}).options
        check_options(parsed, settings, caller="remote")
        check_depth(parsed, settings)  # what Client.submit checks next
    except (InputError, ConfigurationError):
        return False
    return True


def test_a_report_run_is_reachable_from_the_report_list():
    link = openapi()["paths"]["/v1/reports"]["get"]["responses"]["200"]["links"]["getReportRun"]
    assert link["operationId"] == "getReportRun"
    assert set(link["parameters"]) == {"name", "run"}


async def test_callback_urls_are_declared_null_on_a_server_without_a_webhook_secret(api):
    """What Schemathesis found: a schema-valid callback_url answered 422 on a server that
    has no DEEPREF_WEBHOOK_SECRET, and so makes no callbacks at all."""
    http, _ = api
    options = (await (await http.get("/openapi.json")).json())["components"]["schemas"]["ResearchOptions"]
    callback = jsonschema.Draft202012Validator(options["properties"]["callback_url"])
    assert callback.is_valid(None) and not callback.is_valid("https://hooks.example/deepref")
    resp = await http.post("/v1/jobs", json={"question": "q?", "options": {"callback_url": "https://hooks.example/x"}})
    assert resp.status == 422 and "DEEPREF_WEBHOOK_SECRET" in (await resp.json())["error"]["message"]


async def test_a_whole_number_written_with_a_fraction_is_an_integer(api):
    """What Schemathesis found: sub_queries 7.0 is an integer to JSON Schema, and was 422."""
    http, client = api
    options = {"sub_queries": 1.0, "max_pages": 3e0, "budget": {"seconds": 2.5}}
    resp = await http.post("/v1/jobs", json={"question": "What is BM25?", "options": options})
    assert resp.status == 202, await resp.text()
    record = client.status((await resp.json())["id"])
    assert record.options.sub_queries == 1 and record.options.max_pages == 3 and record.options.budget.seconds == 2.5
    resp = await http.post("/v1/jobs", json={"question": "What is BM25?", "options": {"sub_queries": 1.5}})
    assert resp.status == 422


async def test_an_empty_last_event_id_is_declared_and_streams_from_the_start(api):
    """What Schemathesis found: an empty Last-Event-ID (the server reads it as none) was
    outside the declared pattern."""
    http, client = api
    job_id = client.submit("What is BM25?")
    client.cancel(job_id)  # a finished job: its stream ends
    header = next(
        p for p in openapi()["paths"]["/v1/jobs/{id}/events"]["get"]["parameters"] if p["name"] == "Last-Event-ID"
    )
    assert re.search(header["schema"]["pattern"], "") and not re.search(header["schema"]["pattern"], "x")
    resp = await http.get(f"/v1/jobs/{job_id}/events", headers={"Last-Event-ID": ""})
    assert resp.status == 200
    assert _events(await resp.text())[0]["event"] == "state"
