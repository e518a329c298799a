"""Report definition files (YAML, or TOML by suffix), validated with errors that name
the file, the line and the field.

```yaml
reports:
  - name: weekly-energy
    title: Weekly energy brief
    questions: ["What changed in tidal power this week?"]
    schedule: {cron: "0 9 * * MON", timezone: Europe/Paris}
    options: {provider: local, corpus_dir: examples/corpus}
    formats: [md, html, json, pdf, docx]
    retention: {keep_runs: 12}
    depth: deep                     # rounds and a sectioned answer per question
    budget: {rounds: 3, tokens: 50000}
```
"""

from __future__ import annotations

import re
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml
from croniter import croniter
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from deepref.reports.errors import DefinitionError
from deepref.worker.jobs.models import Depth, ResearchBudget, ResearchOptions

_EVERY = re.compile(r"^\s*(\d+)\s*([smhd])\s*$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}
Format = Literal["md", "html", "json", "pdf", "docx"]  # a rendering a run writes
FORMATS: tuple[Format, ...] = ("md", "html", "json")  # the default: pdf and docx are asked for (the export extra)


class Schedule(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cron: str | None = Field(None, description="Cron expression, e.g. '0 9 * * MON'.")
    every: str | None = Field(None, description="Interval: '30s', '15m', '6h', '1d'.")
    timezone: str = Field("UTC", description="IANA time zone the cron expression is read in.")

    @field_validator("cron")
    @classmethod
    def _cron(cls, value: str | None) -> str | None:
        if value is not None and not croniter.is_valid(value):
            raise ValueError(f"{value!r} is not a valid cron expression (five fields: minute hour day month weekday)")
        return value

    @field_validator("every")
    @classmethod
    def _every(cls, value: str | None) -> str | None:
        if value is not None and not _EVERY.match(value):
            raise ValueError(f"{value!r} is not an interval: write a number and a unit, e.g. '30s', '15m', '6h', '1d'")
        return value

    @field_validator("timezone")
    @classmethod
    def _tz(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"{value!r} is not a known time zone (e.g. 'Europe/Paris', 'UTC')") from None
        return value

    @model_validator(mode="after")
    def _one_of(self) -> Schedule:
        if (self.cron is None) == (self.every is None):
            raise ValueError("give exactly one of 'cron' or 'every'")
        return self

    @property
    def interval(self) -> timedelta | None:
        if self.every is None:
            return None
        number, unit = _EVERY.match(self.every).groups()  # type: ignore[union-attr]
        return timedelta(**{_UNITS[unit]: int(number)})


class Retention(BaseModel):
    model_config = ConfigDict(extra="forbid")
    keep_runs: int | None = Field(20, ge=1, description="Runs kept per report (oldest removed first).")
    keep_days: int | None = Field(None, ge=1, description="Runs older than this are removed.")


class WebhookDelivery(BaseModel):
    """POST a signed event when a run finishes (worker/jobs/webhooks.py's signature)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["webhook"] = "webhook"
    url: str = Field(..., max_length=2000, description="http(s) URL, no user:password@.")

    @field_validator("url")
    @classmethod
    def _url(cls, value: str) -> str:
        from urllib.parse import urlsplit

        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"{value!r} is not an http(s) URL with a host")
        if parts.username is not None or parts.password is not None:
            raise ValueError("a webhook URL must not carry a user or password (the signature authenticates deepref)")
        return value


class EmailDelivery(BaseModel):
    """E-mail the finished report (Markdown as text, HTML as the alternative) over DEEPREF_SMTP_*."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["email"] = "email"
    to: list[str] = Field(..., min_length=1, max_length=50, description="Recipients.")
    subject: str | None = Field(None, max_length=200, description="Default: the title and the run.")

    @field_validator("to")
    @classmethod
    def _addresses(cls, value: list[str]) -> list[str]:
        for address in value:
            if not re.fullmatch(r"[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[^@\s<>,;\"]+", address):
                raise ValueError(f"{address!r} is not an e-mail address (name@example.org)")
        return value

    @field_validator("subject")
    @classmethod
    def _one_line(cls, value: str | None) -> str | None:
        if value is not None and any(c in value for c in "\r\n"):
            raise ValueError("the subject must be one line")
        return value


Delivery = Annotated[WebhookDelivery | EmailDelivery, Field(discriminator="kind")]


class ReportDefinition(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(..., description="Slug: folder and CLI name.")
    title: str = Field(..., min_length=1)
    questions: list[str] = Field(default_factory=list)
    template: str | None = Field(None, description="A question with '{item}', asked once per item.")
    items: list[str] = Field(default_factory=list)
    schedule: Schedule | None = None
    options: ResearchOptions = Field(default_factory=ResearchOptions)
    summary: bool = Field(True, description="Summarise findings when an LLM is configured.")
    formats: list[Format] = Field(default_factory=lambda: list(FORMATS))
    retention: Retention = Field(default_factory=Retention)
    concurrency: int = Field(4, ge=1, le=64, description="Questions researched at once.")
    depth: Depth | None = Field(None, description="Shorthand for options.depth (standard/deep: rounds, sections).")
    budget: ResearchBudget | None = Field(None, description="Shorthand for options.budget of every question.")
    deliveries: list[Delivery] = Field(
        default_factory=list, description="Where a finished run goes: webhooks and e-mail (docs/integrations.md)."
    )
    callback_url: str | None = Field(None, max_length=2000, description="Shorthand for a webhook delivery.")

    @field_validator("name")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,63}", value):
            raise ValueError(
                f"{value!r} is not a valid name: use up to 64 lower-case letters, digits, '-' and '_', starting "
                "with a letter or digit (it names a folder and a CLI argument)"
            )
        return value

    @field_validator("options")
    @classmethod
    def _no_plan_to_approve(cls, value: ResearchOptions) -> ResearchOptions:
        if value.approve_plan:  # a scheduled run has nobody to approve its questions' plans
            raise ValueError("approve_plan is for a job a person approves, not a report's questions: drop it")
        return value

    @model_validator(mode="after")
    def _questions(self) -> ReportDefinition:
        if self.template is not None:
            if "{item}" not in self.template:
                raise ValueError("template must contain '{item}'")
            if not self.items:
                raise ValueError("a template needs a non-empty 'items' list")
        elif self.items:
            raise ValueError("'items' needs a 'template'")
        if not self.all_questions():
            raise ValueError("a report needs 'questions' or a 'template' with 'items'")
        if self.depth is not None:
            self.options.depth = self.depth
        if self.budget is not None:
            self.options.budget = self.budget
        if self.callback_url is not None:
            self.deliveries.append(WebhookDelivery(url=self.callback_url))
            self.callback_url = None  # validation runs again on assignment: add it once
        return self

    def all_questions(self) -> list[str]:
        expanded = [self.template.replace("{item}", item) for item in self.items] if self.template else []
        return list(dict.fromkeys([*self.questions, *expanded]))


class ReportFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reports: list[ReportDefinition]

    @model_validator(mode="after")
    def _unique(self) -> ReportFile:
        names = [r.name for r in self.reports]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"report names must be unique; repeated: {', '.join(dup)}")
        return self


def load_definitions(path: str | Path) -> dict[str, ReportDefinition]:
    """Definitions by name; :class:`DefinitionError` names file, line and field."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DefinitionError(
            f"cannot read the report definitions ({exc.strerror}); set DEEPREF_REPORTS_FILE", path=str(path)
        ) from None
    node = None
    if path.suffix.lower() == ".toml":
        try:
            data = tomllib.loads(raw)
        except tomllib.TOMLDecodeError as exc:
            raise DefinitionError(f"not valid TOML: {exc}", path=str(path)) from None
    else:
        try:
            node = yaml.compose(raw)
            data = yaml.safe_load(raw)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            raise DefinitionError(
                f"not valid YAML: {getattr(exc, 'problem', exc)}", path=str(path), line=mark.line + 1 if mark else None
            ) from None
    try:
        parsed = ReportFile.model_validate(data if data is not None else {})
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-after"))]
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".") or "reports"
        message = err["msg"].removeprefix("Value error, ")
        if exc.error_count() > 1:
            message += f" (and {exc.error_count() - 1} more problem(s))"
        raise DefinitionError(message, path=str(path), line=_line_of(node, loc), field=field) from None
    for report in parsed.reports:  # a relative corpus folder is relative to the definitions file
        corpus = report.options.corpus_dir
        if corpus and not Path(corpus).expanduser().is_absolute():
            report.options.corpus_dir = str((path.parent / corpus).resolve())
    return {r.name: r for r in parsed.reports}


def _line_of(node: Any, loc: list) -> int | None:
    """1-based line of the YAML node at ``loc`` (the deepest one that exists)."""
    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            match = next((v for k, v in node.value if k.value == part), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            match = node.value[part]
        else:
            match = None
        if match is None:
            break
        node, line = match, match.start_mark.line + 1
    return line


class DefinitionsCache:
    """Re-reads the file when it changes, so beat picks up edits without a restart;
    an invalid edit keeps the last good definitions (the error is returned to log)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._stamp: tuple[int, int] | None = None
        self._definitions: dict[str, ReportDefinition] = {}
        self.error: str | None = None

    def get(self) -> dict[str, ReportDefinition]:
        try:
            stat = self.path.stat()
        except OSError:
            self.error = f"{self.path}: no report definitions file (set DEEPREF_REPORTS_FILE)"
            return self._definitions
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            try:
                self._definitions = load_definitions(self.path)
                self.error = None
            except DefinitionError as exc:
                self.error = str(exc)
            self._stamp = stamp
        return self._definitions
