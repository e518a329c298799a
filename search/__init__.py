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
    "PROVIDERS": "deepref.search.spec",
    "PRESETS": "deepref.search.spec",
    "AllProvidersFailed": "deepref.search.errors",
    "CombinedSearch": "deepref.search.combined",
    "MemoryRateLimiter": "deepref.search.ratelimit",
    "ProviderConfig": "deepref.search.providers",
    "ProviderStats": "deepref.search.api",
    "RateLimiter": "deepref.search.ratelimit",
    "RedisRateLimiter": "deepref.search.ratelimit",
    "SearchHit": "deepref.search.models",
    "SearchProvider": "deepref.search.models",
    "build_queries": "deepref.search.queries",
    "make_provider": "deepref.search.providers",
    "merge_hits": "deepref.search.merge",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'search' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
