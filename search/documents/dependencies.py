"""The libraries the readers and extractors import, and the fix when one cannot be imported.

Python 3.11's own pip (23.x) installs trafilatura without ``lxml_html_clean``, which
lxml 5.2 split out of ``lxml.html.clean``; trafilatura then fails to import. Caught as
any reader error, that was "skipped: ImportError" for every HTML file and every web page,
and "Nothing found" for every question. An import that fails is a broken install: it
stops the job with the package to install and the pip command (issue 32, item 5).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from deepref.reference.errors import ConfigurationError

# module name -> the distribution pip installs it from, where they differ or matter
PIP_NAMES = {
    "lxml_html_clean": "lxml_html_clean",
    "yaml": "pyyaml",
    "docx": "python-docx",
    "pptx": "python-pptx",
}

EXTRACTORS = ("trafilatura", "pypdfium2", "resiliparse.extract.html2text")
"""What the extraction processes import before they take a page (worker/web/extract_runner.py)."""


class MissingDependencyError(ConfigurationError):
    """A library a reader or extractor needs cannot be imported; the message names the
    package and the pip command. Never retried: the install has to change."""

    @classmethod
    def of(cls, module: str, purpose: str, exc: ImportError) -> MissingDependencyError:
        missing = missing_module(exc) or module
        package = PIP_NAMES.get(missing, missing.split(".")[0])
        return cls(
            f"{purpose} needs {module}, which cannot be imported: {_first_line(exc)}. "
            f"The package {package} is missing or broken: pip install {package} "
            "(or upgrade pip and install deepref again: python -m pip install --upgrade pip, then pip install -e .)"
        )


def missing_module(exc: BaseException) -> str | None:
    """The name of the module that was not found, looked for along the chain of causes
    (lxml raises its own ImportError over ``No module named 'lxml_html_clean'``)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ImportError) and current.name:
            return current.name
        current = current.__cause__ or current.__context__
    return None


def require(module: str, purpose: str) -> ModuleType:
    """``module`` imported; :class:`MissingDependencyError` saying how to install it if it fails."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError.of(module, purpose, exc) from exc


@contextmanager
def needed(module: str, purpose: str) -> Iterator[None]:
    """The imports in the block, typed as usual; an ImportError becomes :class:`MissingDependencyError`."""
    try:
        yield
    except ImportError as exc:
        raise MissingDependencyError.of(module, purpose, exc) from exc


def require_extractors() -> None:
    """Every library extraction uses, imported now: a broken install fails here, once."""
    for module in EXTRACTORS:
        require(module, "reading web pages and documents")


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0].rstrip(".") if text else type(exc).__name__
