"""The access log, without secrets: a query parameter named like a token is logged as ``***``.

aiohttp's default format logs the request line as sent, query string included;
the per-job events token travels there (``?token=``), and a client may still put
its API token in a URL by mistake.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from aiohttp.abc import AbstractAccessLogger
from aiohttp.web import BaseRequest, StreamResponse


def redact_query(path_qs: str) -> str:
    path, sep, query = path_qs.partition("?")
    if not sep:
        return path
    pairs = parse_qsl(query, keep_blank_values=True)
    return path + "?" + urlencode([(k, "***" if "token" in k.lower() else v) for k, v in pairs], safe="*")


class RedactingAccessLogger(AbstractAccessLogger):
    def log(self, request: BaseRequest, response: StreamResponse, time: float) -> None:
        self.logger.info(
            '%s "%s %s HTTP/%d.%d" %d %d %.3fs',
            request.remote or "-",
            request.method,
            redact_query(request.raw_path),
            request.version.major,
            request.version.minor,
            response.status,
            response.body_length,
            time,
        )
