"""``GET /v1/jobs/{id}/references?format=…``: a finished job's cited sources as a file a
reference manager imports (BibTeX, RIS, CSL-JSON) or as a reference list in a
citation style (APA, Chicago author-date), with the format's own media type.

The route is registered by ``api.app.create_app`` with the app's client, so it sits
behind the same middlewares (token, Host, Origin, errors) as every ``/v1`` path.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from deepref.api import validation
from deepref.bibliography import EXPORT_FORMATS, FILE_FORMATS, export, works_from_result
from deepref.reference.errors import InputError

DEFAULT_FORMAT = "csl-json"


def add_routes(router: web.UrlDispatcher, client) -> None:
    """Register the route; ``client`` is the app's ``worker.client.Client``."""

    async def job_references(request: web.Request) -> web.Response:
        job_id = validation.job_id(request.match_info["id"])  # 400 for what is not an id
        fmt = request.query.get("format", DEFAULT_FORMAT)
        if fmt not in EXPORT_FORMATS:
            raise InputError(f"format: {fmt!r} is not one of {', '.join(EXPORT_FORMATS)}")
        # JobPending, JobFailed, JobCancelled: 409 with the client's message (api errors middleware)
        result = await asyncio.to_thread(client.result, job_id)
        out = await asyncio.to_thread(export, works_from_result(result), fmt)
        headers = {}
        if fmt in FILE_FORMATS:
            headers["Content-Disposition"] = f'attachment; filename="deepref-{job_id}.{out.suffix}"'
        media_type, _, charset = out.media_type.partition("; charset=")
        return web.Response(text=out.text, content_type=media_type, charset=charset or "utf-8", headers=headers)

    router.add_get("/v1/jobs/{id}/references", job_references)
