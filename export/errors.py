"""The export's one error: its optional libraries are not installed.

DeeprefError
└── ConfigurationError
    └── ExportUnavailable   PDF or DOCX asked for without the 'export' extra
"""

from __future__ import annotations

from deepref.reference.errors import ConfigurationError

INSTALL = "pip install 'deepref[export]'"


class ExportUnavailable(ConfigurationError):
    """A PDF or DOCX was asked for and the library that writes it is not installed."""

    def __init__(self, fmt: str, library: str, cause: BaseException | None = None):
        detail = f" ({cause})" if cause is not None else ""
        super().__init__(f"{fmt.upper()} export needs {library}, which is not installed{detail}: {INSTALL}")
        self.format, self.library = fmt, library
