"""``POST /v1/jobs/{id}/followups``: a follow-up question to a finished job (docs/api.md,
"Follow-up questions"; what it reads and when it searches is docs/pipeline.md's).

Registered by ``api.app.create_app`` behind the same middlewares as every ``/v1``
path: an unknown parent is 404, one not done 409 (ParentNotFinished, whose message
says why), a body that is not a question 422. The new job is queued as a remote
caller's: ``DEEPREF_ALLOWED_*`` bound the options it takes from its parent, and a
parent's folder outside ``DEEPREF_API_CORPUS_ROOTS`` (an operator's job) is 403, as
``POST /v1/jobs`` answers for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from aiohttp import web
from pydantic import ValidationError

from deepref.api import validation
from deepref.api.errors import error_response
from deepref.api.models import FollowupRequest
from deepref.worker.confine import CorpusError, CorpusForbidden


def add_routes(router: web.UrlDispatcher, client, created: Callable[[web.Request, str], web.Response]) -> None:
    """Register the route; ``client`` is the app's ``worker.client.Client``, ``created``
    the 202 answer of a queued job (``api.app``'s, as ``POST /v1/jobs`` gives it)."""

    async def follow_up(request: web.Request) -> web.Response:
        parent = validation.job_id(request.match_info["id"])
        body = await validation.read_json(request)
        try:
            asked = FollowupRequest.model_validate(body, strict=True)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "body"
            return error_response(422, "ValidationError", f"{where}: {err['msg']}")
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
