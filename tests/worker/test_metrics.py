"""Prometheus metrics, scraped over HTTP after a real job through a real worker and
read back with prometheus_client's own text parser."""

from __future__ import annotations

import socket
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from deepref.worker.jobs.models import ResearchOptions
from tests.e2e.support import results, wait_until
from tests.fakes.server import ServerThread
from tests.worker.jobs.test_webhooks import SECRET, Receiver

pytestmark = [pytest.mark.timeout(180)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _samples(text: str) -> dict[tuple[str, tuple], float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def _value(samples, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def _scrape(url: str, token: str | None = None) -> str:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=10) as resp:
        assert resp.headers["Content-Type"].startswith("text/plain")
        return resp.read().decode()


@pytest.mark.worker
def test_worker_host_metrics_after_a_real_job(worker_env, start_worker, client_for, searxng_server, web_site):
    searxng_server.fake.default = results(web_site, "/article", "/missing")
    receiver = ServerThread(Receiver(["200"]).app).start()
    port = _free_port()
    hooks = {"DEEPREF_WEBHOOK_SECRET": SECRET, "DEEPREF_WEBHOOK_ALLOW": '["loopback"]'}  # receiver on loopback
    try:
        start_worker("metrics", "--metrics-port", str(port), **hooks)
        client = client_for({**worker_env, **hooks})
        job_id = client.submit(
            "When did the La Rance tidal power station open?", ResearchOptions(callback_url=receiver.base_url + "/hook")
        )
        client.result(job_id, wait=True, timeout=90)
        wait_until(lambda: getattr(client.status(job_id).webhook, "state", "") == "delivered", 30, "the webhook")
        scraped: list[dict] = []

        def counted_to_the_end() -> bool:
            """The last stage's time, observed after the job ended, is in the scrape."""
            scraped[:] = [_samples(_scrape(f"http://127.0.0.1:{port}/metrics"))]
            return _value(scraped[0], "deepref_stage_duration_seconds_count", stage="build_references") == 1

        wait_until(counted_to_the_end, 30, "the last stage's time in the worker's metrics")
        samples = scraped[0]
    finally:
        receiver.stop()

    assert _value(samples, "deepref_jobs_ended_total", state="done") == 1
    for stage in ("search", "fetch", "chunk", "generate", "build_references"):
        assert _value(samples, "deepref_stage_duration_seconds_count", stage=stage) == 1, stage
        assert _value(samples, "deepref_stage_duration_seconds_sum", stage=stage) > 0
    assert _value(samples, "deepref_fetch_outcomes_total", outcome="ok") == 1
    assert _value(samples, "deepref_fetch_outcomes_total", outcome="fetch:http-404") == 1
    record = client.status(job_id)
    usage = record.result.usage
    assert (
        _value(samples, "deepref_model_tokens_total", model=record.result.model, kind="prompt") == usage.prompt_tokens
    )
    assert usage.prompt_tokens > 0
    assert _value(samples, "deepref_webhook_deliveries_total", outcome="delivered") == 1
    assert ("deepref_queue_depth", (("queue", "deepref.bulk"),)) in samples
    assert _value(samples, "deepref_jobs", state="queued") == 0


async def test_api_metrics_need_the_token(aiohttp_client, worker_env, client_for):
    from deepref.api.app import create_app

    token, scrape_token = "t" * 40, "m" * 40
    client = client_for({**worker_env, "DEEPREF_API_TOKEN": token, "DEEPREF_METRICS_TOKEN": scrape_token})
    http = await aiohttp_client(create_app(client.settings, client=client))
    assert (await http.get("/metrics")).status == 401
    assert (await http.get("/metrics", headers={"Authorization": "Bearer wrong"})).status == 401
    client.submit("What is BM25?")  # queued, no worker: a job waiting, a message on the queue
    for bearer in (scrape_token, token):
        resp = await http.get("/metrics", headers={"Authorization": f"Bearer {bearer}"})
        assert resp.status == 200
        samples = _samples(await resp.text())
        assert _value(samples, "deepref_jobs", state="queued") == 1
        assert _value(samples, "deepref_queue_depth", queue="deepref.interactive") == 1
        assert _value(samples, "deepref_queue_depth", queue="deepref.bulk") == 0
