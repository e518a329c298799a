"""What the API accepts as input before anything reaches Redis or a model: JSON bodies
(UTF-8, bounded nesting), job ids and event ids.

Each check fails with ``BadRequest`` and a message saying what is wrong, so a
malformed request is a 400 and never a 500, nor a Redis key of another type.
"""

from __future__ import annotations

import json
import re
from typing import TypeVar

import pydantic
from aiohttp import web

from deepref.reference.errors import InputError

MAX_JSON_DEPTH = 32
"""Deeper bodies are refused before parsing: the job request is 3 levels deep, and
Python's parser would recurse (and fail) on thousands."""

JOB_ID = re.compile(r"[0-9a-f]{32}")  # worker.jobs.records.new_job_id: uuid4().hex
# a Redis stream id, or 0 for "from the start"; ``state_text`` (two ids) once a job's write-up streams (api/events.py)
EVENT_ID = re.compile(r"(0|[0-9]{1,20}(-[0-9]{1,20})?(_[0-9]{1,20}(-[0-9]{1,20})?)?)")


class BadRequest(InputError):
    """The request is malformed (answered with 400)."""


class InvalidBody(InputError):
    """The body is JSON but not what the route takes (answered 422, type ValidationError)."""


Model = TypeVar("Model", bound=pydantic.BaseModel)


async def read_model(request: web.Request, model: type[Model]) -> Model:
    """The body as ``model``, strictly ("3" is not the integer 3 a description asks);
    :class:`InvalidBody` names the first field that is wrong."""
    body = await read_json(request)
    try:
        return model.model_validate(body, strict=True)
    except pydantic.ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "body"
        raise InvalidBody(f"{where}: {err['msg']}") from None


async def read_json(request: web.Request) -> object:
    raw = await request.read()  # over client_max_size: 413 from aiohttp
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadRequest(f"body is not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    brackets = text.count("[") + text.count("{")  # the usual small body skips the scan
    if brackets > MAX_JSON_DEPTH and (depth := json_depth(text)) > MAX_JSON_DEPTH:
        raise BadRequest(f"body is not valid JSON here: nested {depth} levels deep (at most {MAX_JSON_DEPTH})")
    try:
        return json.loads(text, parse_float=_number)
    except json.JSONDecodeError as exc:
        raise BadRequest(f"body is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def _number(text: str) -> float | int:
    """A JSON number with a fraction or exponent: an int when it is a whole number, since
    JSON Schema (so the description) calls 7.0 an integer, and ints are what strict models take."""
    value = float(text)
    return int(value) if value.is_integer() else value


def json_depth(text: str) -> int:
    """Deepest nesting of ``[``/``{`` outside strings; a linear scan, no recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def job_id(value: str) -> str:
    if not JOB_ID.fullmatch(value):
        shown = value if len(value) <= 80 else value[:80] + "…"
        raise BadRequest(f"{shown!r} is not a job id: ids are 32 lowercase hex characters, as POST /v1/jobs returns")
    return value


def event_id(value: str) -> str:
    if not EVENT_ID.fullmatch(value):
        shown = value if len(value) <= 80 else value[:80] + "…"
        raise BadRequest(
            f"Last-Event-ID {shown!r} is not an event id: send an 'id:' value this stream sent "
            "(like 1795366285051-0), or 0 for every event"
        )
    return value
