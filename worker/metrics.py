"""Prometheus metrics: what the workers do, read by ``/metrics`` on the API or a worker host.

Counters and histograms are incremented where things happen (the lifecycle's
transitions and stage times, the fetch stage's outcomes, a done job's tokens,
webhook and report deliveries). Celery's prefork children each count in their
own process, so a worker host runs with ``PROMETHEUS_MULTIPROC_DIR`` (set by
``deepref worker --metrics-port``) and prometheus_client's multiprocess
collector sums the children's files at scrape. Gauges that describe shared state
(jobs by state, queue depth per queue) are read from Redis at scrape time by
:class:`StoreCollector`, so they are right whichever process serves them.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily

from deepref.worker import queues

log = logging.getLogger(__name__)

JOB_ENDS = Counter("deepref_jobs_ended", "Jobs that reached a final state, by state.", ["state"])
STAGE_SECONDS = Histogram(
    "deepref_stage_duration_seconds",
    "Time one pipeline stage took, by stage.",
    ["stage"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320),
)
FETCH_OUTCOMES = Counter(
    "deepref_fetch_outcomes", "Pages the fetch stage tried, by outcome (ok, or the failure reason).", ["outcome"]
)
MODEL_TOKENS = Counter("deepref_model_tokens", "Tokens used by chat models, by model and kind.", ["model", "kind"])
MODEL_COST = Counter(
    "deepref_model_cost_dollars", "US dollars spent on chat models, by model (known prices only).", ["model"]
)
WEBHOOKS = Counter(
    "deepref_webhook_deliveries", "Webhook attempts by outcome (delivered, retry, gave_up).", ["outcome"]
)
REPORT_DELIVERIES = Counter(
    "deepref_report_deliveries", "Report delivery attempts by kind and outcome.", ["kind", "outcome"]
)

QUEUES = tuple(queues.QUEUES.values())
"""The broker queues (worker/queues.py), read at scrape."""


def job_ended(state: str) -> None:
    JOB_ENDS.labels(state).inc()


def stage_time(stage: str, seconds: float) -> None:
    STAGE_SECONDS.labels(stage).observe(seconds)


def fetch_outcomes(documents: int, failures: Iterable[tuple[str, str]]) -> None:
    """Count a fetch stage's output: ``documents`` ok, each failure (stage, reason) by its reason."""
    FETCH_OUTCOMES.labels("ok").inc(documents)
    for stage, reason in failures:
        slug = reason.split(":", 1)[0].strip() or "unknown"
        FETCH_OUTCOMES.labels(f"{stage or 'fetch'}:{slug}"[:64]).inc()


def tokens(model: str | None, usage) -> None:
    if usage is None or not model:
        return
    for kind in ("prompt", "completion"):
        value = getattr(usage, f"{kind}_tokens", 0) or 0
        if value:
            MODEL_TOKENS.labels(model, kind).inc(value)
    cost = getattr(usage, "cost", None)
    if cost:
        MODEL_COST.labels(model).inc(cost)


def webhook_delivery(outcome: str) -> None:
    WEBHOOKS.labels(outcome).inc()


def report_delivery(kind: str, outcome: str) -> None:
    REPORT_DELIVERIES.labels(kind, outcome).inc()


UNFINISHED = (
    *("queued", "searching", "fetching", "chunking", "generating", "referencing"),
    *("researching", "writing", "awaiting_approval"),  # a standard/deep job's, and one whose plan waits
)
"""``worker.jobs.models.JobState``'s unfinished values (this module sits below it)."""


class StoreCollector:
    """Jobs by state and queue depth per queue, read from Redis at each scrape."""

    def __init__(self, store, queues=QUEUES):
        self.store, self.queues = store, queues

    def collect(self):
        jobs = GaugeMetricFamily("deepref_jobs", "Unfinished jobs by state (read from the store).", labels=["state"])
        depth = GaugeMetricFamily("deepref_queue_depth", "Messages waiting on each broker queue.", labels=["queue"])
        try:
            counts: dict[str, int] = {}
            for record in self.store.running():
                counts[record.state.value] = counts.get(record.state.value, 0) + 1
            for state in UNFINISHED:
                jobs.add_metric([state], counts.get(state, 0))
            for queue in self.queues:
                depth.add_metric([queue], self.store.queue_length(queue))
        except Exception as exc:  # a scrape must answer even when Redis does not
            log.warning("metrics: cannot read the job store: %s", exc)
            return
        yield jobs
        yield depth


class _ProcessMetrics:
    """This process's default registry (ours and the process/platform collectors)."""

    def collect(self):
        from prometheus_client import REGISTRY

        yield from REGISTRY.collect()


def registry(store=None) -> CollectorRegistry:
    """What a scrape reads: this process's metrics, or every process's in the
    multiprocess directory when PROMETHEUS_MULTIPROC_DIR is set; plus the store's gauges."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        reg = CollectorRegistry()
        multiprocess.MultiProcessCollector(reg)
    else:
        reg = CollectorRegistry()
        reg.register(_ProcessMetrics())
    if store is not None:
        reg.register(StoreCollector(store))
    return reg


def render(store=None) -> bytes:
    return generate_latest(registry(store))


def process_died(pid: int) -> None:
    """Tell the multiprocess collector a child exited (its live gauges go away)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)
