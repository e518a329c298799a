"""Beat's report tick: start due runs (once per slot, even with two beats) and
advance every unfinished run."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from reports.definitions import DefinitionsCache
from reports.run import advance, new_run
from reports.schedule import due_slot
from reports.store import ReportStore
from worker.celery_app import app, process_store
from worker.settings import get_settings

log = logging.getLogger(__name__)
SLOT_LOCK_SECONDS = 7 * 24 * 3600
ADVANCE_LOCK_SECONDS = 60

_cache: DefinitionsCache | None = None


def definitions():
    """This process's definitions, re-read whenever the file changes."""
    global _cache
    path = get_settings().reports_file
    if _cache is None or _cache.path != path:
        _cache = DefinitionsCache(path)
    defs = _cache.get()
    if _cache.error:
        log.error("report definitions: %s (keeping the last valid ones)", _cache.error)
    return defs


@app.task(name="deepref.report_tick")
def tick() -> dict:
    from worker.client import Client

    settings = get_settings()
    store = ReportStore(settings.reports_dir)
    jobs = process_store()
    client = Client(settings, store=jobs)
    started, finished = [], []
    for name, definition in definitions().items():
        slot = due_slot(definition.schedule, datetime.now(UTC), store.last_slot(name))
        if slot is not None and jobs.redis.set(
            jobs.keys.report_slot_lock(name, slot), "1", nx=True, ex=SLOT_LOCK_SECONDS
        ):
            new_run(definition, store, slot)
            started.append(f"{name}/{slot}")
        for run in store.unfinished(name):
            lock = jobs.keys.report_run(name, run)
            if not jobs.redis.set(lock, "1", nx=True, ex=ADVANCE_LOCK_SECONDS):
                continue  # another tick is advancing this run
            try:
                if advance(store.load(name, run), definition, store, client):
                    finished.append(f"{name}/{run}")
            finally:
                jobs.redis.delete(lock)
    return {"started": started, "finished": finished}
