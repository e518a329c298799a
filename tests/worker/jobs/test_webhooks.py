"""Job-end webhooks against a real receiver on loopback: signature, retries with
backoff, each attempt on the job record, the SSRF guard, submit-time validation."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time

import pytest
from aiohttp import web

from deepref.reference.errors import InputError
from deepref.worker.jobs import webhooks
from deepref.worker.jobs.lifecycle import JobLifecycle
from deepref.worker.jobs.models import JobErrorOut, JobState, ResearchOptions
from deepref.worker.jobs.store import MemoryJobStore
from deepref.worker.settings import Settings
from tests.e2e.support import results, wait_until
from tests.fakes.server import ServerThread

SECRET = "s3cret-for-tests-0123456789abcdefghij"


def verify_like_the_docs(secret: str, header: str, body: bytes, tolerance: int = 300) -> bool:
    """The recipe of docs/integrations.md, written out here (not worker.jobs.webhooks.verify)."""
    parts = dict(item.split("=", 1) for item in header.split(","))
    timestamp = int(parts["t"])
    if abs(time.time() - timestamp) > tolerance:
        return False
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"])


class Receiver:
    """Answers the attempts in ``plan`` order ("500", "slow", "200") and records each."""

    def __init__(self, plan: list[str], slow_seconds: float = 3.0):
        self.plan, self.slow = list(plan), slow_seconds
        self.seen: list[dict] = []
        self.app = web.Application()
        self.app.router.add_post("/hook", self.hook)

    async def hook(self, request: web.Request) -> web.Response:
        body = await request.read()
        signed = verify_like_the_docs(SECRET, request.headers.get("Deepref-Signature", "t=0,v1="), body)
        event = json.loads(body)
        step = self.plan.pop(0) if self.plan else "200"
        self.seen.append({"at": time.time(), "signed": signed, "event": event, "step": step})
        if not signed:
            return web.Response(status=401)
        if step == "slow":
            await asyncio.sleep(self.slow)
        return web.Response(status=int(step) if step.isdigit() else 200)


@pytest.fixture
def receiver():
    servers = []

    def start(plan: list[str], slow_seconds: float = 3.0):
        rec = Receiver(plan, slow_seconds)
        server = ServerThread(rec.app).start()
        server.rec = rec
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def _settings(**extra) -> Settings:
    base = {
        "webhook_secret": SECRET,
        "webhook_allow": ["loopback"],
        "webhook_backoff_seconds": 0.2,
        "webhook_timeout": 1.0,
    }
    return Settings(**(base | extra))


def test_signature_round_trip_and_tampering():
    key = SECRET.encode()
    header = webhooks.sign(key, int(time.time()), b'{"a":1}')
    assert verify_like_the_docs(SECRET, header, b'{"a":1}')
    assert webhooks.verify(key, header, b'{"a":1}')
    assert not webhooks.verify(key, header, b'{"a":2}')
    assert not webhooks.verify(b"another-secret-of-enough-length-xxxxx", header, b'{"a":1}')
    old = webhooks.sign(key, int(time.time()) - 3600, b"{}")
    assert not webhooks.verify(key, old, b"{}")  # a replay an hour later


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("ftp://example.org/hook", "only http and https"),
        ("https://user:pw@example.org/hook", "user or password"),
        ("https:///hook", "no host"),
        ("https://example.org/" + "a" * 2100, "longer than"),
        ("http://127.0.0.1:9/hook", "loopback"),
        ("http://10.1.2.3/hook", "private"),
        ("http://169.254.169.254/latest", "link-local"),
        ("https://example.org/a b", "spaces"),
    ],
)
def test_callback_url_is_checked_at_submit(url, why):
    settings = _settings(webhook_allow=[])
    with pytest.raises(InputError, match=why):
        webhooks.validate_callback_url(url, settings)


def test_a_callback_needs_a_long_secret():
    from deepref.reference.errors import ConfigurationError

    with pytest.raises(ConfigurationError, match="DEEPREF_WEBHOOK_SECRET"):
        webhooks.validate_callback_url("https://example.org/hook", Settings(webhook_secret="short"))
    assert webhooks.validate_callback_url("https://example.org/hook", _settings())


def _ended_job(store, url: str, state=JobState.failed):
    sent: list[str] = []
    lifecycle = JobLifecycle(store, notify=sent.append)
    record = lifecycle.submit("What is BM25?", ResearchOptions(callback_url=url))
    if state is JobState.failed:
        lifecycle.fail(record.id, "fetch", "FetchError", "every page failed")
    else:
        lifecycle.cancel(record.id)
    lifecycle.cancel(record.id)  # a second end call announces nothing more
    assert sent == [record.id]
    return record.id


def test_in_process_delivery_retries_through_500s_and_a_timeout(receiver):
    server = receiver(["500", "500", "slow", "200"], slow_seconds=3.0)
    store = MemoryJobStore()
    job_id = _ended_job(store, server.base_url + "/hook")
    status = asyncio.run(webhooks.deliver(store, job_id, _settings()))

    seen = server.rec.seen
    assert [s["step"] for s in seen] == ["500", "500", "slow", "200"]
    assert all(s["signed"] for s in seen)
    event = seen[-1]["event"]
    assert event["job_id"] == job_id and event["state"] == "failed" and event["type"] == "job.failed"
    assert event["error"] == JobErrorOut(stage="fetch", type="FetchError", message="every page failed").model_dump()
    assert event["links"]["status"] == f"/v1/jobs/{job_id}"
    assert {s["event"]["id"] for s in seen} == {f"{job_id}.failed"}  # the same event each time

    # each attempt on the record, in order: 500, 500, timeout, 200
    assert status.state == "delivered"
    assert [a.status for a in status.attempts] == [500, 500, None, 200]
    assert "timeout" in status.attempts[2].error and status.attempts[3].error is None
    # exponential backoff between attempts: 0.2 s, then 0.4 s, then 0.8 s (after the 1 s timeout)
    gaps = [b.at - a.at for a, b in zip(status.attempts, status.attempts[1:], strict=False)]
    assert gaps[0] >= 0.2 and gaps[1] >= 0.4 and gaps[2] >= 1.0 + 0.8, gaps
    assert SECRET not in store.get(job_id).model_dump_json()


def test_delivery_gives_up_after_the_attempts_and_says_so(receiver):
    server = receiver(["500"] * 10)
    store = MemoryJobStore()
    job_id = _ended_job(store, server.base_url + "/hook", state=JobState.cancelled)
    status = asyncio.run(webhooks.deliver(store, job_id, _settings(webhook_max_attempts=3)))
    assert status.state == "failed"
    assert [a.error for a in status.attempts] == ["HTTP 500"] * 3
    assert len(server.rec.seen) == 3 and server.rec.seen[0]["event"]["state"] == "cancelled"


def test_loopback_callback_is_refused_without_the_allowance(receiver):
    """A name that resolves to loopback passes the submit check (names resolve when
    called) and is refused by the guard before any byte reaches the receiver."""
    server = receiver(["200"])
    store = MemoryJobStore()
    url = f"http://localhost:{server.port}/hook"
    settings = _settings(webhook_allow=[])
    webhooks.validate_callback_url(url, settings)
    job_id = _ended_job(store, url)
    status = asyncio.run(webhooks.deliver(store, job_id, settings))
    assert status.state == "failed" and len(status.attempts) == 1
    assert status.attempts[0].error.startswith("blocked") and "loopback" in status.attempts[0].error
    assert server.rec.seen == []
    # the same receiver with the explicit allowance
    store2 = MemoryJobStore()
    job2 = _ended_job(store2, url)
    assert asyncio.run(webhooks.deliver(store2, job2, _settings())).state == "delivered"


@pytest.mark.timeout(120)
def test_worker_job_posts_its_end_event_and_records_the_attempts(
    worker_env, start_worker, client_for, searxng_server, web_site, receiver
):
    """Through a real worker: the job ends, the deepref.webhook task POSTs, fails
    twice (500) then times out, then is delivered; the API-visible record says so."""
    server = receiver(["500", "500", "slow", "200"], slow_seconds=3.0)
    env = {
        **worker_env,
        "DEEPREF_WEBHOOK_SECRET": SECRET,
        "DEEPREF_WEBHOOK_ALLOW": '["loopback"]',
        "DEEPREF_WEBHOOK_BACKOFF_SECONDS": "0.2",
        "DEEPREF_WEBHOOK_TIMEOUT": "1",
        "DEEPREF_PUBLIC_URL": "https://deepref.example.org",
    }
    searxng_server.fake.default = results(web_site, "/article")
    start_worker(
        "hooks", **{k: v for k, v in env.items() if k.startswith("DEEPREF_WEBHOOK") or k == "DEEPREF_PUBLIC_URL"}
    )
    client = client_for(env)
    with pytest.raises(InputError, match="loopback"):
        client_for({**env, "DEEPREF_WEBHOOK_ALLOW": "[]"}).submit(
            "Which?", ResearchOptions(callback_url="http://127.0.0.1:9/x")
        )
    job_id = client.submit(
        "When did the La Rance tidal power station open?", ResearchOptions(callback_url=server.base_url + "/hook")
    )
    client.result(job_id, wait=True, timeout=90)
    wait_until(lambda: (client.status(job_id).webhook or webhooks.WebhookStatus()).state != "pending", 60, "delivery")
    record = client.status(job_id)
    assert record.webhook.state == "delivered", record.webhook
    assert [a.status for a in record.webhook.attempts] == [500, 500, None, 200]
    seen = server.rec.seen
    assert [s["step"] for s in seen] == ["500", "500", "slow", "200"] and all(s["signed"] for s in seen)
    event = seen[-1]["event"]
    assert event["state"] == "done" and event["error"] is None
    assert event["links"]["status"] == f"https://deepref.example.org/v1/jobs/{job_id}"
    assert event["result"]["references"] >= 1 and "[^1]" in event["result"]["answer"]
    assert record.public()["webhook"]["attempts"][0]["status"] == 500  # what GET /v1/jobs/{id} shows


async def test_api_refuses_a_bad_callback_url_at_submit(aiohttp_client, worker_env, client_for):
    """An InputError, answered like every other invalid input of POST /v1/jobs (422)."""
    from deepref.api.app import create_app

    client = client_for({**worker_env, "DEEPREF_WEBHOOK_SECRET": SECRET})
    http = await aiohttp_client(create_app(client.settings, client=client))
    for url, why in [("https://u:p@example.org/h", "user or password"), ("http://10.0.0.1/h", "private")]:
        resp = await http.post("/v1/jobs", json={"question": "What is BM25?", "options": {"callback_url": url}})
        assert resp.status == 422, await resp.text()
        error = (await resp.json())["error"]
        assert error["type"] == "InputError" and why in error["message"]
