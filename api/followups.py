"""``POST /v1/jobs/{id}/followups`` and ``POST /v1/reports/{name}/runs/{run}/followups``:
a follow-up question to a finished job or report run (docs/api.md, "Follow-up
questions"; what it reads and when it searches is docs/pipeline.md's).

Registered by ``api.app.create_app`` behind the same middlewares as every ``/v1``
path: an unknown parent is 404, one not done 409 (ParentNotFinished, whose message
says why), a body that is not a question 422. The new job is queued as a remote
caller's: ``DEEPREF_ALLOWED_*`` bound the options it takes from its parent, and a
parent's folder outside ``DEEPREF_API_CORPUS_ROOTS`` (an operator's job) is 403, as
``POST /v1/jobs`` answers for it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from aiohttp import web

from deepref.api import validation
from deepref.api.errors import error_response
from deepref.api.models import FollowupRequest
from deepref.reports.followups import run_parent
from deepref.reports.store import ReportStore
from deepref.worker.confine import CorpusError, CorpusForbidden


def add_routes(
    router: web.UrlDispatcher,
    client,
    created: Callable[[web.Request, str], web.Response],
    reports: Callable[[web.Request], ReportStore],
) -> None:
    """Register the routes; ``client`` is the app's ``worker.client.Client``, ``created``
    the 202 answer of a queued job (``api.app``'s, as ``POST /v1/jobs`` gives it),
    ``reports`` the app's report runs."""

    async def follow_up(request: web.Request) -> web.Response:
        return await _ask(request, validation.job_id(request.match_info["id"]))

    async def follow_up_run(request: web.Request) -> web.Response:
        """A report run's follow-up: its parent is the job standing for the run (reports/followups.py)."""
        name, run = request.match_info["name"], request.match_info["run"]
        report = json.loads(reports(request).read(name, run, "report.json"))  # ReportRunNotFound: 404
        return await _ask(request, None, report)

    async def _ask(request: web.Request, parent: str | None, report: dict | None = None) -> web.Response:
        asked = await validation.read_model(request, FollowupRequest)
        if report is not None:
            parent = await asyncio.to_thread(run_parent, report, client.store)
        try:
            job_id = await asyncio.to_thread(
                client.follow_up, parent, asked.question, budget=asked.budget, caller="remote"
            )
        except CorpusForbidden as exc:  # the parent's folder, outside DEEPREF_API_CORPUS_ROOTS
            return error_response(403, "Forbidden", str(exc))
        except CorpusError as exc:
            raise validation.BadRequest(str(exc)) from None
        return created(request, job_id)

    router.add_post("/v1/jobs/{id}/followups", follow_up)
    router.add_post("/v1/reports/{name}/runs/{run}/followups", follow_up_run)
