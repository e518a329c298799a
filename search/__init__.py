"""Finding pages and works for a question: web search, scholarly indexes, Wikipedia, commercial
search APIs or a local folder, merged and deduplicated (docs/search.md).

May import: ``reference`` (errors, URL identity). Never worker, tasks, reports, api or cli:
providers take their limits and rate limiter as arguments, not from settings.

Names are imported on first use, so ``search.spec`` (read by the settings) stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "PROVIDERS": "search.spec",
    "PRESETS": "search.spec",
    "AllProvidersFailed": "search.errors",
    "CombinedSearch": "search.combined",
    "MemoryRateLimiter": "search.ratelimit",
    "ProviderConfig": "search.providers",
    "ProviderStats": "search.api",
    "RateLimiter": "search.ratelimit",
    "RedisRateLimiter": "search.ratelimit",
    "SearchHit": "search.models",
    "SearchProvider": "search.models",
    "build_queries": "search.queries",
    "make_provider": "search.providers",
    "merge_hits": "search.merge",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'search' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
