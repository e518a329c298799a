"""Beat's report tick: start due runs (once per slot, even with two beats) and
advance every unfinished run (under the run's lock, shared with the CLI)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from deepref.reports.definitions import DefinitionsCache
from deepref.reports.run import advance_locked, new_run
from deepref.reports.schedule import due_slot
from deepref.reports.store import ReportStore
from deepref.worker.celery_app import app, process_store
from deepref.worker.settings import get_settings

log = logging.getLogger(__name__)
SLOT_LOCK_SECONDS = 7 * 24 * 3600

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
    from deepref.worker.client import Client

    settings = get_settings()
    store = ReportStore(settings.reports_dir)
    jobs = process_store()
    client = Client(settings, store=jobs)
    started, finished = [], []
    try:
        for name, definition in definitions().items():
            slot = due_slot(definition.schedule, datetime.now(UTC), store.last_slot(name))
            if slot is not None and jobs.acquire(jobs.keys.report_slot_lock(name, slot), "1", SLOT_LOCK_SECONDS):
                new_run(definition, store, slot)
                started.append(f"{name}/{slot}")
            for run in store.unfinished(name):
                if advance_locked(name, run, definition, store, client):  # None: the CLI (or another beat) has it
                    finished.append(f"{name}/{run}")
    finally:
        client.close()
    return {"started": started, "finished": finished}
