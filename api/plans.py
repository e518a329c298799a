"""``POST /v1/jobs/{id}/plan`` and ``POST /v1/jobs/{id}/approve``: the plan of a job
submitted with ``options.approve_plan``, edited and approved (docs/api.md, "A plan
to approve"; the states are docs/pipeline.md's).

The routes are registered by ``api.app.create_app`` with the app's client, behind
the same middlewares (token, Host, Origin, content type, errors) as every ``/v1``
path: an unknown job is 404, a job not awaiting approval 409 (NotAwaitingApproval,
whose message says why: never asked for, still planning, approved, expired), a
plan that is not one 422.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from deepref.api import validation
from deepref.worker.jobs.plans import ResearchPlan


def add_routes(router: web.UrlDispatcher, client) -> None:
    """Register the routes; ``client`` is the app's ``worker.client.Client``."""

    async def replace_plan(request: web.Request) -> web.Response:
        job_id = validation.job_id(request.match_info["id"])
        plan = await validation.read_model(request, ResearchPlan)
        record = await asyncio.to_thread(client.replace_plan, job_id, plan)
        return web.json_response(record.public())

    async def approve(request: web.Request) -> web.Response:
        job_id = validation.job_id(request.match_info["id"])
        record = await asyncio.to_thread(client.approve, job_id)
        return web.json_response(record.public(), status=202)

    router.add_post("/v1/jobs/{id}/plan", replace_plan)
    router.add_post("/v1/jobs/{id}/approve", approve)
