"""The OpenAPI 3.1 description of the HTTP API, built from the models it validates with.

It describes what the server does, status by status, so that a client generated
from it (or Schemathesis, tests/api/test_schemathesis.py) finds no surprise: the
shape of job ids and questions, every status an operation answers, the ``Allow``
header of a 405, and each server-sent event.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from deepref.api.models import EVENTS, FollowupRequest, JobRequest
from deepref.api.validation import EVENT_ID, JOB_ID
from deepref.bibliography import EXPORT_FORMATS
from deepref.export import FORMATS as DOCUMENT_FORMATS
from deepref.export import MEDIA_TYPES as DOCUMENT_MEDIA_TYPES
from deepref.reference.errors import ConfigurationError
from deepref.search.spec import PRESETS, PROVIDERS
from deepref.worker.jobs.models import JobRecord, ResearchOptions
from deepref.worker.jobs.plans import ResearchPlan
from deepref.worker.jobs.questions import ALLOWED_FORMAT_CHARS, REFUSED_CATEGORIES

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

DEFAULT_MAX_QUESTION_CHARS = 2000  # worker.settings.Settings.max_question_chars
MAX_OPTION_CHARS = 200  # ResearchOptions.provider and .llm_model: max_length


@dataclass(frozen=True)
class Choices:
    """What a job's options may pick on one server (``worker.jobs.limits.check_options``):
    None leaves an option as the model declares it (any value of its type)."""

    providers: tuple[str, ...] | None = None  # names and presets, each accepted alone
    models: tuple[str, ...] | None = None
    priced_models: tuple[str, ...] | None = None  # those a cost budget may run on; None: all
    default_model_priced: bool = True
    embedders: tuple[str, ...] | None = None
    profiles: tuple[str, ...] | None = None
    callbacks: bool = True  # False: no DEEPREF_WEBHOOK_SECRET, so every callback_url is refused
    depths: tuple[str, ...] | None = None  # ("quick",): no chat model, so standard and deep are refused
    model_verification: bool = True  # False: DEEPREF_VERIFY_WITH_MODEL=off refuses verify_with_model=true


def choices(settings: Settings) -> Choices:
    """The option values ``settings`` allow, computed by the checks the server runs at submit."""
    from deepref.worker.inference.pricing import price_of
    from deepref.worker.jobs.limits import allowed_embedders, allowed_models, allowed_providers
    from deepref.worker.search_config import check_search_config

    providers = set(allowed_providers(settings))
    accepted = []
    for name in (*PROVIDERS, *PRESETS):  # a comma list is accepted when each of its parts is
        try:
            if set(check_search_config(name, settings)) <= providers:
                accepted.append(name)
        except ConfigurationError:  # a provider whose key is not set
            continue
    models = tuple(m for m in allowed_models(settings) if 0 < len(m) <= MAX_OPTION_CHARS)

    def priced(model: str) -> bool:
        return (
            not settings.llm_base_url or price_of(model, settings.llm_base_url, settings.llm_prices).price is not None
        )

    if settings.max_cost is not None:  # every job has a cost cap: an unpriced model is refused outright
        models = tuple(m for m in models if priced(m))
    return Choices(
        providers=tuple(accepted),
        models=models,
        priced_models=None if all(map(priced, models)) else tuple(filter(priced, models)),
        default_model_priced=priced(settings.llm_model),
        embedders=tuple(allowed_embedders(settings)),
        profiles=tuple(settings.allowed_profiles),
        callbacks=settings.webhook_secret is not None,
        depths=None if settings.llm_base_url else ("quick",),
        model_verification=settings.verify_with_model != "off",
    )


def _error(description: str, **headers: dict) -> dict:
    response = {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    if headers:
        response["headers"] = headers
    return response


RETRY_AFTER = {"description": "seconds to wait", "schema": {"type": "string", "pattern": "^[0-9]+$"}}
# every route: the Host and Origin checks (api/security.py); every /v1 route: the token
HOST_ORIGIN = {
    "403": _error("Origin not allowed (DEEPREF_API_ALLOWED_ORIGINS)"),
    "421": _error("Host not served (DEEPREF_API_ALLOWED_HOSTS)"),
}
AUTH = {
    "401": _error(
        "missing or wrong bearer token",
        **{"WWW-Authenticate": {"description": "Bearer", "schema": {"type": "string"}}},
    ),
    **HOST_ORIGIN,
}
REDIS_DOWN = {"503": _error("Redis unavailable")}
NOT_FOUND = {"404": _error("no such job (never submitted, expired or deleted)")}
BAD_ID = {"400": _error("not a job id (32 lowercase hex characters)")}


@lru_cache(maxsize=1)
def _question_classes() -> tuple[str, str, str]:
    """Three character classes' contents, from this Python's Unicode tables: the white
    space ``str.strip`` removes around a question; what ``worker.jobs.questions.validate_question``
    refuses inside it (Unicode category C, except tab, newline and the joiners) that is
    white space too (so allowed around the text); and what it refuses that is not."""
    refused = [cp for cp in range(sys.maxunicode + 1) if unicodedata.category(chr(cp)) in REFUSED_CATEGORIES]
    # surrogates cannot travel alone in UTF-8 (nor be written in a regex of many readers)
    refused = [cp for cp in refused if chr(cp) not in ALLOWED_FORMAT_CHARS and not 0xD800 <= cp <= 0xDFFF]
    space = [cp for cp in range(sys.maxunicode + 1) if chr(cp).isspace()]
    return (
        _ranges(space),
        _ranges([cp for cp in refused if chr(cp).isspace()]),
        _ranges([cp for cp in refused if not chr(cp).isspace()]),
    )


def _ranges(code_points: list[int]) -> str:
    spans: list[list[int]] = []
    for cp in code_points:
        if spans and spans[-1][1] == cp - 1:
            spans[-1][1] = cp
        else:
            spans.append([cp, cp])
    return "".join(_escape(a) if a == b else f"{_escape(a)}-{_escape(b)}" for a, b in spans)


def _escape(cp: int) -> str:
    return f"\\u{cp:04x}" if cp < 0x10000 else f"\\U{cp:08x}"


def provider_pattern(names: tuple[str, ...]) -> str:
    """A spec as ``search.spec.parse_spec`` reads it, of these names only: parts split on
    commas, each stripped of white space and lower-cased (so K also matches the Kelvin
    sign, which lower-cases to k); empty parts are skipped, one part at least names one."""
    space = _question_classes()[0]
    cases = {"k": "[kK\\u212a]"}
    name = "(?:" + "|".join("".join(cases.get(c, f"[{c}{c.upper()}]") for c in n) for n in names) + ")"
    return f"^(?:[{space}]*,)*[{space}]*{name}[{space}]*(?:,[{space}]*(?:{name}[{space}]*)?)*$"


def _options_schema(schema: dict, choices: Choices) -> None:
    """Narrow the ``ResearchOptions`` schema to what this server's operator allows."""
    props = schema["properties"]

    def nullable(prop: str, values: dict) -> None:
        props[prop]["anyOf"] = [values, {"type": "null"}]

    if choices.providers is not None:
        allowed: dict[str, Any] = {"type": "string", "maxLength": MAX_OPTION_CHARS}
        if choices.providers:
            allowed["pattern"] = provider_pattern(choices.providers)
        else:
            allowed["not"] = {}
        nullable("provider", allowed)
        shown = [e for e in props["provider"].pop("examples", []) if re.search(allowed.get("pattern", "$^"), e)]
        props["provider"] |= {"examples": shown} if shown else {}
        props["provider"]["description"] += (
            f" Accepted on this server: {', '.join(choices.providers) or 'none'} (DEEPREF_ALLOWED_PROVIDERS, and "
            "each provider's key)."
        )
    if choices.models is not None:
        nullable("llm_model", {"type": "string", "enum": list(choices.models)})
    if choices.embedders is not None:
        nullable("embedder", {"type": "string", "enum": list(choices.embedders)})
    if choices.profiles is not None:
        props["profile"]["enum"] = list(choices.profiles)
    if not choices.callbacks:
        props["callback_url"].pop("anyOf", None)
        props["callback_url"] |= {"type": "null"}
        props["callback_url"]["description"] += " This server makes none: it has no DEEPREF_WEBHOOK_SECRET."
    if choices.depths is not None:
        props["depth"]["enum"] = list(choices.depths)
        props["depth"]["description"] += (
            f" Accepted on this server: {', '.join(choices.depths)} (standard and deep need a chat model: its "
            "operator sets DEEPREF_LLM_BASE_URL)."
        )
    if not choices.model_verification:
        props["verify_with_model"].pop("anyOf", None)
        props["verify_with_model"]["enum"] = [False, None]
        props["verify_with_model"]["description"] += " This server refuses true: DEEPREF_VERIFY_WITH_MODEL=off."
    # approve_plan: of a standard/deep job only (ResearchOptions._plan_needs_rounds)
    planned = [d for d in ("standard", "deep") if choices.depths is None or d in choices.depths]
    if planned:
        asked = {"properties": {"approve_plan": {"const": True}}, "required": ["approve_plan"]}
        depth = {"properties": {"depth": {"enum": planned}}, "required": ["depth"]}
        schema.setdefault("allOf", []).append({"if": asked, "then": depth})
    else:
        props["approve_plan"]["enum"] = [False]
    if choices.priced_models is not None:  # a cost budget needs the chat model's price
        model = {"type": "string", "enum": list(choices.priced_models)}
        schema["if"] = {
            "properties": {"budget": {"properties": {"cost": {"type": "number"}}, "required": ["cost"]}},
            "required": ["budget"],
        }
        schema["then"] = (
            {"properties": {"llm_model": {"anyOf": [model, {"type": "null"}]}}}
            if choices.default_model_priced
            else {"properties": {"llm_model": model}, "required": ["llm_model"]}
        )


def question_schema(max_chars: int) -> dict:
    """The question as the server takes it: at most ``max_chars`` characters as sent;
    stripped of white space, some text left and none of the refused characters.

    The refused characters that are not white space (most of them: the private-use
    planes alone are 131,068) are a ``not`` of their own: refused wherever they are.
    In the pattern they would make every generator (Hypothesis, so Schemathesis) spend
    seconds building each character class; the pattern keeps the few refused ones that
    ``str.strip`` removes (CR, FF, VT, U+001C-U+001F, U+0085): fine around the text only.
    """
    space, refused_space, refused_other = _question_classes()
    return {
        "type": "string",
        "minLength": 1,
        "maxLength": max_chars,
        # white space, a visible character, then anything but a refused space up to trailing white space
        "pattern": f"^[{space}]*[^{space}][^{refused_space}]*[{space}]*$",
        "not": {"pattern": f"[{refused_other}]"},
        "description": "What to research: some text besides white space, without control or invisible "
        f"characters (tab, newline, ZWNJ and ZWJ are fine), at most {max_chars} characters "
        "(DEEPREF_MAX_QUESTION_CHARS).",
    }


def _event_schema() -> dict:
    """One server-sent event, as read by an SSE parser: its name, its id and its data
    (JSON of the named event's model). OpenAPI 3.1 has no item schema for streams, so
    the schema of ``text/event-stream`` describes each event."""
    return {
        "oneOf": [
            {
                "type": "object",
                "properties": {
                    "event": {"const": name},
                    "id": {"type": "string", "pattern": f"^{EVENT_ID.pattern}$"},
                    "data": {
                        "type": "string",
                        "contentMediaType": "application/json",
                        "contentSchema": {"$ref": f"#/components/schemas/{model.__name__}"},
                    },
                },
                "required": ["event", "data"],
            }
            for name, model in EVENTS.items()
        ]
    }


def openapi_for(settings: Settings) -> dict:
    """The description of a server running on ``settings``."""
    return openapi(settings.max_question_chars, choices(settings))


@lru_cache(maxsize=4)
def openapi(max_question_chars: int = DEFAULT_MAX_QUESTION_CHARS, options: Choices = Choices()) -> dict:
    """The description, for a server taking questions of at most ``max_question_chars``
    and options within ``options``."""
    models: list[tuple[type[BaseModel], JsonSchemaMode]] = [
        (JobRequest, "validation"),
        (FollowupRequest, "validation"),
        (JobRecord, "serialization"),
        (ResearchOptions, "validation"),
        (ResearchPlan, "validation"),
    ]
    _, defs = models_json_schema(
        models + [(model, "serialization") for model in EVENTS.values()],
        ref_template="#/components/schemas/{model}",
    )
    schemas = defs["$defs"]
    schemas["JobRequest"]["properties"]["question"] = question_schema(max_question_chars)
    schemas["FollowupRequest"]["properties"]["question"] = question_schema(max_question_chars)
    _options_schema(schemas["ResearchOptions"], options)
    schemas["Error"] = {
        "type": "object",
        "properties": {
            "error": {
                "type": "object",
                "properties": {"type": {"type": "string"}, "message": {"type": "string"}},
                "required": ["type", "message"],
            }
        },
        "required": ["error"],
    }
    schemas["Created"] = {
        "type": "object",
        "properties": {
            "id": {"type": "string", "pattern": f"^{JOB_ID.pattern}$"},
            "state": {"const": "queued"},
            "urls": {
                "type": "object",
                "properties": {k: {"type": "string"} for k in ("status", "events", "page")},
                "required": ["status", "events", "page"],
            },
        },
        "required": ["id", "state", "urls"],
    }
    schemas["Health"] = {
        "type": "object",
        "properties": {
            "status": {"enum": ["ok", "unavailable"]},
            "redis": {"type": "boolean"},
            "workers": {"type": "integer", "minimum": 0},
            "redis_error": {"type": "string"},
            "worker_error": {"type": "string"},
            "warnings": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["status", "redis", "workers"],
    }
    job_id = {
        "name": "id",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "pattern": f"^{JOB_ID.pattern}$"},
        "description": "a job id, as POST /v1/jobs returns",
    }
    name = {"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[A-Za-z0-9_-][A-Za-z0-9_.-]*$"}
    record = {
        "description": "the job",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobRecord"}}},
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "deepref",
            "version": "0.1.0",
            "description": "Queue research jobs and read answers whose footnotes lead to the supporting passage. "
            "Any method a path does not list is answered 405 with an Allow header (components.responses).",
        },
        "components": {
            "schemas": schemas,
            "responses": {
                "MethodNotAllowed": _error(
                    "the path exists, the method does not",
                    Allow={"description": "the methods the path takes", "schema": {"type": "string"}},
                )
            },
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                "eventToken": {
                    "type": "apiKey",
                    "in": "query",
                    "name": "token",
                    "description": "the per-job token of a job's urls.events: opens that job's events, for minutes",
                },
            },
        },
        "security": [{"bearer": []}],
        "paths": {
            "/v1/jobs": {
                "post": {
                    "summary": "Queue a research job",
                    "operationId": "createJob",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobRequest"}}},
                    },
                    "responses": {
                        "202": {
                            "description": "queued",
                            "headers": {"Location": {"description": "the job", "schema": {"type": "string"}}},
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Created"}}},
                            "links": {
                                "getJob": {"operationId": "getJob", "parameters": {"id": "$response.body#/id"}},
                                "cancelJob": {
                                    "operationId": "cancelJob",
                                    "parameters": {"id": "$response.body#/id"},
                                },
                                "deleteJob": {
                                    "operationId": "deleteJob",
                                    "parameters": {"id": "$response.body#/id"},
                                },
                                "jobEvents": {
                                    "operationId": "jobEvents",
                                    "parameters": {"id": "$response.body#/id"},
                                },
                            },
                        },
                        **AUTH,
                        "400": _error("body is not UTF-8 JSON, nested too deeply, or corpus_dir not a usable name"),
                        "403": _error("options.corpus_dir outside DEEPREF_API_CORPUS_ROOTS, or Origin not allowed"),
                        "413": _error("body too large (DEEPREF_API_MAX_BODY_BYTES)"),
                        "415": _error("body not sent as Content-Type: application/json"),
                        "422": _error("invalid question or options, or a setting the job needs is missing"),
                        **REDIS_DOWN,
                    },
                }
            },
            "/v1/jobs/{id}": {
                "parameters": [job_id],
                "get": {
                    "summary": "State, progress, timings and (when done) the result",
                    "operationId": "getJob",
                    "responses": {"200": record, **BAD_ID, **NOT_FOUND, **AUTH, **REDIS_DOWN},
                },
                "delete": {
                    "summary": "Delete a finished job (done, failed or cancelled): its record, events and outputs",
                    "operationId": "deleteJob",
                    "responses": {
                        "204": {"description": "deleted; GET now answers 404"},
                        **BAD_ID,
                        **NOT_FOUND,
                        "409": _error("the job is still queued or running: POST /v1/jobs/{id}/cancel first"),
                        **AUTH,
                        **REDIS_DOWN,
                    },
                },
            },
            "/v1/jobs/{id}/cancel": {
                "parameters": [job_id],
                "post": {
                    "summary": "Cancel a job: the running stage finishes, nothing after it runs; "
                    "a finished job is left as it is",
                    "operationId": "cancelJob",
                    "responses": {"200": record, **BAD_ID, **NOT_FOUND, **AUTH, **REDIS_DOWN},
                },
            },
            "/v1/jobs/{id}/plan": {
                "parameters": [job_id],
                "post": {
                    "summary": "Replace the plan of a job awaiting approval (options.approve_plan): sub-questions, "
                    "the first round's queries, the report's outline, answers to its clarifying questions",
                    "operationId": "replacePlan",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ResearchPlan"}}},
                    },
                    "responses": {
                        "200": record,
                        "400": _error("not a job id, or a body that is not UTF-8 JSON"),
                        **NOT_FOUND,
                        "409": _error("the job is not awaiting approval (the message says why: expired, approved…)"),
                        "413": _error("body too large (DEEPREF_API_MAX_BODY_BYTES)"),
                        "415": _error("body not sent as Content-Type: application/json"),
                        "422": _error("not a plan (a field missing, unknown, empty or too long)"),
                        **AUTH,
                        **REDIS_DOWN,
                    },
                },
            },
            "/v1/jobs/{id}/approve": {
                "parameters": [job_id],
                "post": {
                    "summary": "Approve the plan of a job awaiting approval: the job is queued again and its run "
                    "follows the plan on its record",
                    "operationId": "approvePlan",
                    "responses": {
                        "202": {
                            "description": "queued to run the plan",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobRecord"}}},
                        },
                        "400": _error("not a job id"),
                        **NOT_FOUND,
                        "409": _error("the job is not awaiting approval (the message says why: expired, approved…)"),
                        "415": _error("a body sent, not as Content-Type: application/json"),
                        **AUTH,
                        **REDIS_DOWN,
                    },
                },
            },
            "/v1/jobs/{id}/followups": {
                "parameters": [job_id],
                "post": {
                    "summary": "Ask a follow-up question of a finished job: a new job whose record names it as "
                    "parent, answered from the thread's sources first (a search only when they do not suffice), "
                    "with the earlier answers as conversation and one footnote numbering across the thread",
                    "operationId": "createFollowup",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/FollowupRequest"}}},
                    },
                    "responses": {
                        "202": {
                            "description": "queued",
                            "headers": {"Location": {"description": "the new job", "schema": {"type": "string"}}},
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Created"}}},
                            "links": {
                                "getFollowup": {"operationId": "getJob", "parameters": {"id": "$response.body#/id"}}
                            },
                        },
                        "400": _error("not a job id, a body that is not UTF-8 JSON, or the job's folder unusable"),
                        **NOT_FOUND,
                        "409": _error("the job is not done (queued, running, failed or cancelled): no answer yet"),
                        "413": _error("body too large (DEEPREF_API_MAX_BODY_BYTES)"),
                        "415": _error("body not sent as Content-Type: application/json"),
                        "422": _error("invalid question or budget, or a setting the job needs is missing"),
                        **AUTH,
                        "403": _error(
                            "the job searched a folder outside DEEPREF_API_CORPUS_ROOTS, or Origin not allowed"
                        ),
                        **REDIS_DOWN,
                    },
                },
            },
            "/v1/jobs/{id}/events": {
                "get": {
                    "summary": "Server-sent events (event: state; draft and answer: the write-up as it is written, "
                    "then the edits that make it the stored answer; error: Redis failed mid-stream) until the "
                    "job ends or the stream's lifetime does",
                    "operationId": "jobEvents",
                    "security": [{"bearer": []}, {"eventToken": []}],
                    "parameters": [
                        job_id,
                        {
                            "name": "Last-Event-ID",
                            "in": "header",
                            "required": False,
                            "description": "the last event's id, to resume after it; empty: from the start",
                            "schema": {"type": "string", "pattern": f"^({EVENT_ID.pattern})?$"},
                        },
                    ],
                    "responses": {
                        "200": {
                            "description": "an event stream; its schema describes each event",
                            "content": {"text/event-stream": {"schema": _event_schema()}},
                        },
                        "400": _error("not a job id, or a malformed Last-Event-ID"),
                        **NOT_FOUND,
                        "429": _error("too many streams open by this client", **{"Retry-After": RETRY_AFTER}),
                        "503": _error(
                            "too many streams open on this server, or Redis unavailable",
                            **{"Retry-After": RETRY_AFTER},
                        ),
                        **AUTH,
                    },
                }
            },
            "/v1/jobs/{id}/references": {
                "get": {
                    "summary": "The sources a finished job cites, as a bibliography file or a citation-style list",
                    "operationId": "jobReferences",
                    "parameters": [
                        job_id,
                        {
                            "name": "format",
                            "in": "query",
                            "required": False,
                            "schema": {"type": "string", "enum": list(EXPORT_FORMATS), "default": "csl-json"},
                        },
                    ],
                    "responses": {
                        "200": {
                            "description": "the references; BibTeX, RIS and CSL-JSON as attachments",
                            "content": {
                                "application/x-bibtex": {"schema": {"type": "string"}},
                                "application/x-research-info-systems": {"schema": {"type": "string"}},
                                "application/vnd.citationstyles.csl+json": {"schema": {"type": "array"}},
                                "text/plain": {"schema": {"type": "string"}},
                            },
                        },
                        **BAD_ID,
                        **NOT_FOUND,
                        "409": _error("the job is not done (pending, failed or cancelled)"),
                        "422": _error("unknown format"),
                        **AUTH,
                        **REDIS_DOWN,
                    },
                }
            },
            "/v1/jobs/{id}/report": {
                "get": {
                    "summary": "A finished job's answer as a PDF or DOCX file: footnotes holding every quote, "
                    "its page and link; the reference list",
                    "operationId": "jobReport",
                    "parameters": [
                        job_id,
                        {
                            "name": "format",
                            "in": "query",
                            "required": False,
                            "schema": {"type": "string", "enum": list(DOCUMENT_FORMATS), "default": "pdf"},
                        },
                    ],
                    "responses": {
                        "200": {
                            "description": "the file, as an attachment deepref-<id>.pdf or .docx",
                            "content": {
                                DOCUMENT_MEDIA_TYPES[f]: {"schema": {"type": "string", "format": "binary"}}
                                for f in DOCUMENT_FORMATS
                            },
                        },
                        **BAD_ID,
                        **NOT_FOUND,
                        "409": _error("the job is not done (pending, failed or cancelled)"),
                        "422": _error("unknown format"),
                        "501": _error(
                            "the server was installed without the export extra: pip install 'deepref[export]'"
                        ),
                        **AUTH,
                        **REDIS_DOWN,
                    },
                }
            },
            "/v1/reports": {
                "get": {
                    "summary": "Reports and their runs",
                    "operationId": "listReports",
                    "responses": {
                        "200": {
                            "description": "report indexes",
                            "links": {
                                "getReportRun": {
                                    "operationId": "getReportRun",
                                    "parameters": {
                                        "name": "$response.body#/reports/0/name",
                                        "run": "$response.body#/reports/0/runs/0/run",
                                    },
                                }
                            },
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "properties": {"reports": {"type": "array", "items": {"type": "object"}}},
                                        "required": ["reports"],
                                    }
                                }
                            },
                        },
                        **AUTH,
                    },
                }
            },
            "/v1/reports/{name}/runs/{run}": {
                "get": {
                    "summary": "One report run with its sections and shared reference list",
                    "operationId": "getReportRun",
                    "parameters": [
                        {"name": "name", "in": "path", "required": True, "schema": name},
                        {"name": "run", "in": "path", "required": True, "schema": name},
                    ],
                    "responses": {
                        "200": {
                            "description": "the run",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        },
                        "404": _error("no such run"),
                        **AUTH,
                    },
                }
            },
            "/v1/reports/{name}/runs/{run}/followups": {
                "post": {
                    "summary": "Ask a follow-up question of a finished report run: a new job whose parent is the "
                    "job standing for the run (its sections as the earlier answer, its sections' sources first, "
                    "its reference list's numbers)",
                    "operationId": "createReportFollowup",
                    "parameters": [
                        {"name": "name", "in": "path", "required": True, "schema": name},
                        {"name": "run", "in": "path", "required": True, "schema": name},
                    ],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/FollowupRequest"}}},
                    },
                    "responses": {
                        "202": {
                            "description": "queued",
                            "headers": {"Location": {"description": "the new job", "schema": {"type": "string"}}},
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Created"}}},
                        },
                        "400": _error("a body that is not UTF-8 JSON, or the run's folder unusable"),
                        "404": _error("no such run"),
                        "409": _error("the run is not finished"),
                        "413": _error("body too large (DEEPREF_API_MAX_BODY_BYTES)"),
                        "415": _error("body not sent as Content-Type: application/json"),
                        "422": _error("invalid question or budget, or a setting the job needs is missing"),
                        **AUTH,
                        "403": _error(
                            "the run searched a folder outside DEEPREF_API_CORPUS_ROOTS, or Origin not allowed"
                        ),
                        **REDIS_DOWN,
                    },
                }
            },
            "/healthz": {
                "get": {
                    "summary": "Redis reachable and a worker answering",
                    "operationId": "healthz",
                    "security": [],
                    "responses": {
                        "200": {
                            "description": "healthy",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}},
                        },
                        "503": {
                            "description": "Redis unreachable or no worker answering a ping; the body says which",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}},
                        },
                        **HOST_ORIGIN,
                    },
                }
            },
        },
    }
