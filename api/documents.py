"""``GET /v1/jobs/{id}/report?format=pdf|docx``: a finished job's answer as a file to hand
on, with its footnotes (every quote, its page and link) and reference list
(``export``; docs/exports.md).

The route is registered by ``api.app.create_app`` with the app's client, so it sits
behind the same middlewares (token, Host, Origin, errors) as every ``/v1`` path. The
file is written in a thread: a long report takes seconds to lay out.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from deepref.api import validation
from deepref.api.errors import ApiError
from deepref.export import FORMATS, MEDIA_TYPES, ExportUnavailable, document_from_result, render
from deepref.reference.errors import InputError

DEFAULT_FORMAT = "pdf"


def add_routes(router: web.UrlDispatcher, client) -> None:
    """Register the route; ``client`` is the app's ``worker.client.Client``."""

    async def job_report(request: web.Request) -> web.Response:
        job_id = validation.job_id(request.match_info["id"])  # 400 for what is not an id
        fmt = request.query.get("format", DEFAULT_FORMAT)
        if fmt not in FORMATS:
            raise InputError(f"format: {fmt!r} is not one of {', '.join(FORMATS)}")
        # JobPending, JobFailed, JobCancelled: 409 with the client's message (api errors middleware)
        result = await asyncio.to_thread(client.result, job_id)
        try:
            data = await asyncio.to_thread(render, document_from_result(result), fmt)
        except ExportUnavailable as exc:  # the server was installed without the extra
            raise ApiError(501, "ExportUnavailable", str(exc)) from None
        headers = {"Content-Disposition": f'attachment; filename="deepref-{job_id}.{fmt}"'}
        return web.Response(body=data, content_type=MEDIA_TYPES[fmt], headers=headers)

    router.add_get("/v1/jobs/{id}/report", job_report)
