"""``deepref cite``: the reference engine as a JSON filter (stdin or --input -> stdout).

The input and output shapes are a contract other tools rely on (docs/references.md).
Input is validated here, at the edge, so a malformed document gets one line on
stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from deepref.reference import Source, build_references
from deepref.reference.errors import InputError
from deepref.reference.locators import Mark
from deepref.reference.styles import STYLE_NAMES
from deepref.worker.inference.embedding import get_embedder


class _MarkIn(BaseModel):
    """From character ``start`` of the source's text on: page/slide ``number`` (what
    ``#page=`` opens; ``label`` the printed page label when it differs) or the section
    ``label`` (its heading path, "Methods › Sampling")."""

    model_config = ConfigDict(extra="forbid", strict=True)
    start: int = Field(..., ge=0)
    kind: Literal["page", "slide", "section"] = "page"
    number: int = Field(0, ge=0)
    label: str = ""


class _PageIn(BaseModel):
    """One page (or slide) of a source given as a list of pages."""

    model_config = ConfigDict(extra="forbid", strict=True)
    text: str
    number: int | None = Field(None, ge=1, description="its physical number; default: its place in the list")
    label: str = ""


class _SourceIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str
    url: str
    title: str
    text: str | None = None
    date: str | None = None
    marks: list[_MarkIn] | None = Field(None, max_length=100_000)
    pages: list[str | _PageIn] | None = Field(None, max_length=100_000)
    pages_kind: Literal["page", "slide"] = "page"

    @field_validator("id", mode="before")
    @classmethod
    def _integer_id(cls, value: object) -> object:
        # JSON callers number their sources: 3 means "3". A bool is an int in Python
        # but never an id, and a float (3.0) would be ambiguous, so both stay errors.
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return value

    @model_validator(mode="after")
    def _text_or_pages(self) -> _SourceIn:
        if self.pages is None and self.text is None:
            raise ValueError("give the source's text, or its pages")
        if self.pages is not None and (self.text is not None or self.marks is not None):
            raise ValueError("pages replace text and marks: give either pages, or text (with marks)")
        if self.marks is not None:
            starts = [m.start for m in self.marks]
            if starts != sorted(starts):
                raise ValueError("marks must be in order of start")
            if starts and starts[-1] > len(self.text or ""):
                raise ValueError(f"a mark starts at {starts[-1]}, past the end of the text ({len(self.text or '')})")
        return self

    def source(self) -> Source:
        """The engine's source: a list of pages becomes their text joined by blank lines,
        with a mark where each page starts (so a reference names and links its page)."""
        if self.pages is None:
            marks = tuple(Mark(m.start, m.kind, m.number, m.label) for m in self.marks or ())
            return Source(self.id, self.url, self.title, self.text or "", self.date, marks)
        parts: list[str] = []
        marks_list: list[Mark] = []
        offset = 0
        for i, page in enumerate(self.pages, start=1):
            item = page if isinstance(page, _PageIn) else _PageIn(text=page)
            number = item.number or i
            label = item.label if item.label and item.label != str(number) else ""
            if parts:
                offset += 2
            marks_list.append(Mark(offset, self.pages_kind, number, label))
            parts.append(item.text)
            offset += len(item.text)
        return Source(self.id, self.url, self.title, "\n\n".join(parts), self.date, tuple(marks_list))


class _OptionsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    profile: Literal["precise", "seed"] = "precise"
    markers: Literal["auto", "attribute", "resolve", "verify"] = "auto"
    min_rel_score: float | None = Field(None, ge=0, le=1)
    min_support: float | None = Field(None, ge=0, le=1)
    max_ref: int | None = Field(None, ge=0)
    min_chunk_length: int | None = Field(None, ge=0)
    only_hostnames: list[str] = Field(default_factory=list)
    style: str = "markdown"
    embedder: Literal["jaccard", "local", "openai"] = "jaccard"
    drop_unsupported: bool = False
    fill_uncited: bool = False


class _CiteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: str = Field(..., max_length=1_000_000)
    sources: list[_SourceIn] = Field(..., max_length=10_000)
    options: _OptionsIn = Field(default_factory=_OptionsIn)


def parse_document(raw: str) -> _CiteIn:
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise InputError(f"input is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    return validate_document(data)


def validate_document(data: object) -> _CiteIn:
    """A parsed document checked as ``deepref cite`` checks it (InputError naming the field)."""
    try:
        doc = _CiteIn.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "document"
        raise InputError(f"invalid input at {where}: {err['msg']} ({exc.error_count()} problem(s) in all)") from None
    if doc.options.style not in STYLE_NAMES:
        raise InputError(f"invalid input at options.style: choose one of {', '.join(STYLE_NAMES)}")
    return doc


def cite(doc: _CiteIn) -> dict[str, Any]:
    """The engine on a validated document, with every option (their names are
    ``build_references``' keywords); the output contract of ``deepref cite`` and of
    the MCP ``cite`` tool: answer, references (each with score and support), scorer,
    support_model, warnings, stats, and the answer rendered in ``options.style``."""
    opts = doc.options
    embedder = None if opts.embedder == "jaccard" else get_embedder(opts.embedder)
    result = build_references(
        doc.answer,
        [s.source() for s in doc.sources],
        embedder=embedder,
        **opts.model_dump(exclude={"style", "embedder"}),
    )
    return {**result.to_dict(), "rendered": result.render(opts.style)}


def run(args: argparse.Namespace) -> int:
    if args.input is not None:
        try:
            raw = args.input.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read {args.input}: {exc}") from None
    else:
        raw = sys.stdin.read()
    json.dump(cite(parse_document(raw)), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0
