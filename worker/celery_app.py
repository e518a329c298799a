"""The Celery app: Redis broker, JSON only, and the settings that keep jobs alive.

- ``task_acks_late`` + ``task_reject_on_worker_lost``: a message is acknowledged
  only when its stage finished, so a worker killed mid-stage loses nothing; the
  broker delivers the message again (after ``visibility_timeout`` on Redis).
- ``worker_prefetch_multiplier=1``: a worker holds one message at a time, so a
  long stage does not sit on messages other workers could run.
- Every key Celery writes carries the deployment's ``key_prefix``
  (``global_keyprefix``), so several deployments, or test runs, share one Redis.
- Per-process network clients are built in ``worker_process_init`` and closed in
  ``worker_process_shutdown`` (worker/pipeline/resources.py).
- Apps are built from the Settings they are given (``make_celery_app``): the
  module's ``app`` (``celery -A worker.celery_app``) from this process's settings,
  a ``Client``'s from its own, which sends stage tasks by name.
- No result backend: the job store holds every state, and nothing reads results.

How deepref copes with Celery's and Redis' known failure modes is in
docs/pipeline.md, "Keeping jobs alive".
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from typing import TYPE_CHECKING

from celery import Celery, chain, signals

from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.lifecycle import DEEP_TASK, STAGE_TASKS
from deepref.worker.jobs.models import STAGES
from deepref.worker.queues import INTERACTIVE_QUEUE, QUEUES
from deepref.worker.settings import get_settings

if TYPE_CHECKING:
    from deepref.worker.jobs.lifecycle import JobLifecycle
    from deepref.worker.jobs.redis_store import RedisJobStore
    from deepref.worker.pipeline.stages import Resources
    from deepref.worker.settings import Settings

log = logging.getLogger(__name__)


def queue_names(kinds: str | None = None) -> list[str]:
    """Broker queues of ``--queues interactive,bulk`` (default both, interactive first)."""
    names = []
    for kind in (kinds or "interactive,bulk").split(","):
        kind = kind.strip()
        if kind not in QUEUES:
            raise ValueError(f"unknown queue {kind!r}; choose from {', '.join(QUEUES)}")
        names.append(QUEUES[kind])
    return names


def worker_argv(*extra: str, queues: str | None = None) -> list[str]:
    """Command line of a deepref Celery worker on the app's queues (the CLI, the tests
    and the benchmarks start workers with it). A worker on both queues takes an
    interactive message first whenever one waits (``queue_order_strategy``)."""
    names = ",".join(queue_names(queues))
    return [sys.executable, "-m", "celery", "-A", "deepref.worker.celery_app", "worker", "-Q", names, *extra]


def make_celery_app(settings: Settings, *, worker: bool = False) -> Celery:
    """A Celery app on ``settings``' Redis. The worker's app (``worker=True``) also
    loads the task modules; a client's app only sends tasks, by name."""
    include = (
        [
            "deepref.tasks.research",
            "deepref.tasks.deep",
            "deepref.tasks.maintenance",
            "deepref.tasks.reports",
            "deepref.tasks.webhooks",
        ]
        if worker
        else []
    )
    app = Celery("deepref", include=include, set_as_current=worker)
    configure(app, settings)
    return app


def configure(app: Celery, settings: Settings) -> None:
    """Apply ``settings`` to a new ``app``."""
    celery_keys = Keys(settings.key_prefix).celery()
    app.conf.update(
        broker_url=settings.redis_url,
        broker_transport_options={
            "visibility_timeout": settings.visibility_timeout,
            "global_keyprefix": celery_keys,
            # kombu looks for unacknowledged messages to redeliver only every
            # interval x throttle seconds (100 s by default, whatever the visibility
            # timeout): look every quarter of it, at most every minute.
            "unacked_restore_interval": max(1, min(60, settings.visibility_timeout // 4)),
            "unacked_restore_throttle": 1,
            # BRPOP the queues in the order the worker lists them: interactive first
            # (the default round robin would take bulk and interactive in turn)
            "queue_order_strategy": "priority",
        },
        broker_connection_retry_on_startup=True,
        # A worker never gives up on its broker (Celery's default is 100 tries, then
        # exit): it waits for a restarting Redis for as long as it takes, and a
        # refused command (a full Redis) restarts its consumer instead of ending it.
        broker_connection_retry=True,
        broker_connection_max_retries=None,
        broker_channel_error_retry=True,
        **_transport(settings),
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        # On a lost broker connection the unacknowledged messages of running stages
        # will be delivered again: stop those stages rather than run each twice.
        # (Cancelling records the task's state in the result backend; with one on the
        # Redis that just went away, Celery 5.6 dies there: deepref keeps none, the
        # job store holds every state.)
        worker_cancel_long_running_tasks_on_connection_loss=True,
        worker_prefetch_multiplier=1,
        task_default_queue=INTERACTIVE_QUEUE,
        task_soft_time_limit=settings.stage_soft_time_limit,
        task_time_limit=settings.stage_time_limit,
        task_ignore_result=True,
        worker_hijack_root_logger=False,
        beat_schedule={
            "deepref-reap-vanished-jobs": {
                "task": "deepref.reap",
                "schedule": max(5.0, settings.job_heartbeat_seconds * 2.0),
            },
            "deepref-report-tick": {"task": "deepref.report_tick", "schedule": settings.beat_interval_seconds},
        },
        timezone="UTC",
    )


def _transport(settings: Settings) -> dict[str, str]:
    """kombu's Redis transport with deepref's recovery (worker/broker.py) for a redis://
    broker; other schemes (rediss://, sentinel://) keep kombu's own."""
    from deepref.worker import broker

    broker.recovery.configure(settings.broker_backoff_seconds, settings.broker_backoff_max_seconds)
    return {"broker_transport": broker.TRANSPORT} if settings.redis_url.startswith("redis://") else {}


def enqueue(app: Celery, stage: str, job_id: str, queue: str = "interactive") -> None:
    """Queue the job's stages from ``stage`` to the end, as one chain of tasks sent
    by name (see worker.jobs.lifecycle.STAGE_TASKS), each on the job's queue."""
    if stage not in STAGES:  # a stage of a standard/deep job: one task, which queues the next
        app.signature(DEEP_TASK, args=(job_id, stage), immutable=True, queue=QUEUES[queue]).apply_async()
        return
    names = list(STAGES)
    steps = [
        app.signature(STAGE_TASKS[name], args=(job_id,), immutable=True, queue=QUEUES[queue])
        for name in names[names.index(stage) :]
    ]
    chain(*steps).apply_async()


def send_webhook(app: Celery, job_id: str, countdown: float = 0) -> None:
    """Queue the delivery of a finished job's webhook (tasks/webhooks.py) on the
    interactive queue: a slow receiver holds a delivery task, never a stage."""
    app.send_task("deepref.webhook", args=(job_id, 1), queue=INTERACTIVE_QUEUE, countdown=countdown or None)


# The worker's and beat's app (``celery -A worker.celery_app``), from this process's settings.
app = make_celery_app(get_settings(), worker=True)


class ProcessState:
    """What one worker process holds: its event loop, store, lifecycle and network clients."""

    loop: asyncio.AbstractEventLoop | None = None
    resources: Resources | None = None
    store: RedisJobStore | None = None
    lifecycle: JobLifecycle | None = None


state = ProcessState()


def process_store() -> RedisJobStore:
    if state.store is None:
        from deepref.worker.jobs.redis_store import RedisJobStore

        state.store = RedisJobStore.from_settings(get_settings())
    return state.store


def process_lifecycle() -> JobLifecycle:
    if state.lifecycle is None or state.lifecycle.store is not process_store():
        from deepref.worker.jobs.lifecycle import JobLifecycle

        state.lifecycle = JobLifecycle.from_settings(process_store(), get_settings(), notify=process_send_webhook)
    return state.lifecycle


def process_enqueue(stage: str, job_id: str) -> None:
    """Queue stages through this process's app (a task continuing or re-queuing a job),
    on the queue the job was submitted to."""
    enqueue(app, stage, job_id, process_store().get(job_id).queue)


def process_send_webhook(job_id: str) -> None:
    send_webhook(app, job_id)


def process_loop() -> asyncio.AbstractEventLoop:
    if state.loop is None or state.loop.is_closed():
        state.loop = asyncio.new_event_loop()
    return state.loop


def process_resources() -> Resources:
    """The process's clients; built lazily, so a task can run in any process."""
    if state.resources is None:
        from deepref.worker.pipeline.resources import build_resources

        loop = process_loop()
        asyncio.set_event_loop(loop)
        state.resources = build_resources(get_settings(), distributed=True)
    return state.resources


@signals.worker_init.connect
def _serve_metrics(**_: object) -> None:
    """In the parent: with DEEPREF_WORKER_METRICS_PORT, serve every process's metrics
    (prometheus_client's multiprocess collector over PROMETHEUS_MULTIPROC_DIR)."""
    settings = get_settings()
    if settings.worker_metrics_port is None:
        return
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        log.error("DEEPREF_WORKER_METRICS_PORT needs PROMETHEUS_MULTIPROC_DIR (--metrics-port sets both)")
        return
    from prometheus_client import start_http_server

    from deepref.worker import metrics

    start_http_server(settings.worker_metrics_port, registry=metrics.registry(process_store()))
    log.info("metrics of this worker host on :%d/metrics", settings.worker_metrics_port)


@signals.worker_init.connect
def _preload(**_: object) -> None:
    """In the parent, before the pool forks: load the local model's weights (mmapped)
    and tokenizer once, so that the children share those pages and no child's first
    job pays the load (each child still builds its own ONNX Runtime session)."""
    from deepref.worker.inference.embedding import LocalEmbedder, uses_local_model

    if uses_local_model(get_settings()):
        LocalEmbedder.preload()


@signals.worker_process_init.connect
def _init_process(**_: object) -> None:
    state.loop = asyncio.new_event_loop()
    state.resources = None
    state.store = None
    state.lifecycle = None


@signals.worker_process_shutdown.connect
def _close_process(pid: int | None = None, **_: object) -> None:
    from deepref.worker import metrics

    metrics.process_died(pid or os.getpid())
    if state.resources is not None and state.loop is not None and not state.loop.is_closed():
        from deepref.worker.pipeline.resources import close_resources

        try:
            state.loop.run_until_complete(close_resources(state.resources))
        except Exception as exc:  # shutting down: report, do not raise
            log.warning("closing network clients failed: %s", exc)
        state.loop.close()
