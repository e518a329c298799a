"""``GET /v1/jobs/{id}/references?format=…``: a finished job's cited sources as a file a
reference manager imports (BibTeX, RIS, CSL-JSON) or as a reference list in a
citation style (APA, Chicago author-date), with the format's own media type.

The route is registered by ``api.app.create_app`` with the app's client, so it sits
behind the same middlewares (token, Host, Origin, errors) as every ``/v1`` path.
"""

from __future__ import annotations

import asyncio
import re

from aiohttp import web

from reference.errors import InputError, JobNotFound
from worker.bibliography import EXPORT_FORMATS, FILE_FORMATS, export, works_from_result

DEFAULT_FORMAT = "csl-json"
_JOB_ID = re.compile(r"[0-9a-f]{32}")


def add_routes(router: web.UrlDispatcher, client) -> None:
    """Register the route; ``client`` is the app's ``worker.client.Client``."""

    async def job_references(request: web.Request) -> web.Response:
        job_id = request.match_info["id"]
        fmt = request.query.get("format", DEFAULT_FORMAT)
        if fmt not in EXPORT_FORMATS:
            raise InputError(f"format: {fmt!r} is not one of {', '.join(EXPORT_FORMATS)}")
        if not _JOB_ID.fullmatch(job_id):  # ids are uuid4 hex; anything else was never a job
            raise JobNotFound(f"no job {job_id[:64]!r}: job ids are 32 hexadecimal characters", job_id=None)
        # JobPending, JobFailed, JobCancelled: 409 with the client's message (api errors middleware)
        result = await asyncio.to_thread(client.result, job_id)
        out = await asyncio.to_thread(export, works_from_result(result), fmt)
        headers = {}
        if fmt in FILE_FORMATS:
            headers["Content-Disposition"] = f'attachment; filename="deepref-{job_id}.{out.suffix}"'
        media_type, _, charset = out.media_type.partition("; charset=")
        return web.Response(text=out.text, content_type=media_type, charset=charset or "utf-8", headers=headers)

    router.add_get("/v1/jobs/{id}/references", job_references)
