"""What fetching hands on: a fetched page, or why a URL gave none.

The fetcher (worker/web/fetch.py) makes them and the extraction (worker/web/extract.py, run
in child processes by worker/web/extract_runner.py) reads them; they live apart from
both so that neither imports the other for its types.

May import: nothing of deepref.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FileVersion:
    """Which version of a local file was read: its bytes' SHA-256, size and mtime, so a
    job can tell at its end whether the file it quotes has changed since."""

    sha256: str
    size: int
    mtime_ns: int


@dataclass(frozen=True, slots=True)
class FetchedPage:
    url: str
    final_url: str
    status: int
    content_type: str
    body: bytes
    charset: str | None
    version: FileVersion | None = None
    """A file of the job's folder: the version read (one read, between two stats that agree)."""


@dataclass(frozen=True, slots=True)
class FetchFailure:
    url: str
    reason: str  # short slug: blocked-address, timeout, too-large, http-404, robots, ...
    detail: str
