"""Errors of scheduled reports (part of deepref's one tree, base ``DeeprefError``).

DeeprefError (reference.errors)
├── InputError
│   └── DefinitionError       a report definition file is invalid (file, line, field)
└── ReportRunNotFound         no such report or run (never written, or removed by retention)
"""

from __future__ import annotations

from deepref.reference.errors import DeeprefError, InputError


class DefinitionError(InputError):
    """A report definition file is invalid; the message names file, line and field."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None, field: str | None = None):
        where = ""
        if path:
            where = path + (f":{line}" if line else "")
            where += f" ({field})" if field else ""
            where += ": "
        super().__init__(where + message)
        self.path, self.line, self.field = path, line, field


class ReportRunNotFound(DeeprefError):
    """No report or run of that name: never written, or removed by retention."""
