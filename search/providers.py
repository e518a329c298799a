"""Building a provider by name, with errors that say which setting to fix."""

from __future__ import annotations

from pathlib import Path

from reference.errors import ConfigurationError
from search.duckduckgo import DuckDuckGoProvider
from search.local import LocalCorpusProvider
from search.models import SearchProvider
from search.ratelimit import RateLimiter
from search.searxng import SearxNGProvider

PROVIDERS = ("duckduckgo", "searxng", "local")


def make_provider(
    name: str,
    *,
    searxng_url: str | None = None,
    corpus_dir: str | Path | None = None,
    limiter: RateLimiter | None = None,
) -> SearchProvider:
    if name == "local":
        if not corpus_dir:
            raise ConfigurationError("the local provider needs a folder: pass --corpus DIR or set DEEPREF_CORPUS_DIR")
        return LocalCorpusProvider(corpus_dir)
    if name == "searxng":
        if not searxng_url:
            raise ConfigurationError("the searxng provider needs DEEPREF_SEARXNG_URL (e.g. http://localhost:8080)")
        return SearxNGProvider(searxng_url, limiter=limiter)
    if name == "duckduckgo":
        return DuckDuckGoProvider(limiter=limiter)
    raise ConfigurationError(f"unknown search provider {name!r}: choose one of {', '.join(PROVIDERS)}")
