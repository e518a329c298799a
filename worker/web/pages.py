"""What fetching hands on: a fetched page, or why a URL gave none.

The fetcher (worker/web/fetch.py) makes them and the extraction (worker/web/extract.py, run
in child processes by worker/web/extract_runner.py) reads them; they live apart from
both so that neither imports the other for its types.

May import: nothing of deepref.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FetchedPage:
    url: str
    final_url: str
    status: int
    content_type: str
    body: bytes
    charset: str | None


@dataclass(frozen=True, slots=True)
class FetchFailure:
    url: str
    reason: str  # short slug: blocked-address, timeout, too-large, http-404, robots, ...
    detail: str
