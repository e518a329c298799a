"""Finding pages for a question: DuckDuckGo, SearxNG or a local folder, merged and deduplicated.

May import: ``reference`` (errors, URL identity). Never worker, tasks, reports, api or cli:
providers take their limits and rate limiter as arguments, not from settings.
"""

from search.merge import merge_hits
from search.models import SearchHit, SearchProvider
from search.providers import PROVIDERS, make_provider
from search.queries import build_queries
from search.ratelimit import MemoryRateLimiter, RateLimiter, RedisRateLimiter

__all__ = [
    "PROVIDERS",
    "MemoryRateLimiter",
    "RateLimiter",
    "RedisRateLimiter",
    "SearchHit",
    "SearchProvider",
    "build_queries",
    "make_provider",
    "merge_hits",
]
