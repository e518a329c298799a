"""The OpenAPI 3.1 description of the HTTP API, built from the models it validates with."""

from __future__ import annotations

from functools import lru_cache

from pydantic.json_schema import models_json_schema

from worker.bibliography import EXPORT_FORMATS
from worker.models import JobRecord, ResearchOptions


def _error(description: str) -> dict:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


@lru_cache(maxsize=1)
def openapi() -> dict:
    from api.app import JobRequest

    _, defs = models_json_schema(
        [(JobRequest, "validation"), (JobRecord, "serialization"), (ResearchOptions, "validation")],
        ref_template="#/components/schemas/{model}",
    )
    schemas = defs["$defs"]
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
            "id": {"type": "string"},
            "state": {"type": "string"},
            "urls": {"type": "object", "additionalProperties": {"type": "string"}},
        },
        "required": ["id", "state", "urls"],
    }
    job_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    record = {
        "description": "the job",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobRecord"}}},
    }
    # every route: the Host and Origin checks (api/security.py)
    auth_errors = {
        "401": _error("missing or wrong bearer token"),
        "403": _error("Origin not allowed (DEEPREF_API_ALLOWED_ORIGINS)"),
        "421": _error("Host not served (DEEPREF_API_ALLOWED_HOSTS)"),
    }
    bad_id = {"400": _error("not a job id (32 lowercase hex characters)")}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "deepref",
            "version": "0.1.0",
            "description": "Queue research jobs and read answers whose footnotes lead to the supporting passage.",
        },
        "components": {
            "schemas": schemas,
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
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Created"}}},
                        },
                        **auth_errors,
                        "400": _error("body is not UTF-8 JSON, or nested too deeply"),
                        "403": _error("options.corpus_dir outside DEEPREF_API_CORPUS_ROOTS, or Origin not allowed"),
                        "413": _error("body too large"),
                        "415": _error("body not sent as Content-Type: application/json"),
                        "422": _error("invalid question or options"),
                        "503": _error("Redis unavailable"),
                    },
                }
            },
            "/v1/jobs/{id}": {
                "get": {
                    "summary": "State, progress, timings and (when done) the result",
                    "operationId": "getJob",
                    "parameters": [job_id],
                    "responses": {"200": record, **bad_id, "404": _error("no such job"), **auth_errors},
                },
                "delete": {
                    "summary": "Cancel a job",
                    "operationId": "cancelJob",
                    "parameters": [job_id],
                    "responses": {"200": record, **bad_id, "404": _error("no such job"), **auth_errors},
                },
            },
            "/v1/jobs/{id}/events": {
                "get": {
                    "summary": "Server-sent events (event: state; draft and answer: the write-up as it is written, "
                    "then the edits that make it the stored answer) until the job ends or the stream's lifetime does",
                    "operationId": "jobEvents",
                    "security": [{"bearer": []}, {"eventToken": []}],
                    "parameters": [
                        job_id,
                        {"name": "Last-Event-ID", "in": "header", "required": False, "schema": {"type": "string"}},
                    ],
                    "responses": {
                        "200": {
                            "description": "an event stream",
                            "content": {"text/event-stream": {"schema": {"type": "string"}}},
                        },
                        "400": _error("not a job id, or a malformed Last-Event-ID"),
                        "404": _error("no such job"),
                        "429": _error("too many streams open by this client (Retry-After)"),
                        "503": _error("too many streams open on this server (Retry-After), or Redis unavailable"),
                        **auth_errors,
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
                        **bad_id,
                        "404": _error("no such job"),
                        "409": _error("the job is not done (pending, failed or cancelled)"),
                        "422": _error("unknown format"),
                        **auth_errors,
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
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        },
                        **auth_errors,
                    },
                }
            },
            "/v1/reports/{name}/runs/{run}": {
                "get": {
                    "summary": "One report run with its sections and shared reference list",
                    "operationId": "getReportRun",
                    "parameters": [
                        {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "run", "in": "path", "required": True, "schema": {"type": "string"}},
                    ],
                    "responses": {
                        "200": {
                            "description": "the run",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        },
                        "404": _error("no such run"),
                        **auth_errors,
                    },
                }
            },
            "/healthz": {
                "get": {
                    "summary": "Redis reachable and a worker answering",
                    "operationId": "healthz",
                    "security": [],
                    "responses": {"200": {"description": "healthy"}, "503": {"description": "not"}},
                }
            },
        },
    }
