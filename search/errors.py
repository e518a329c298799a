"""Errors of the search providers (part of deepref's one tree, base ``DeeprefError``).

DeeprefError (reference.errors)
└── SearchError               a search provider failed (retryable: it may answer later)
    └── RateLimitedError      the provider said "slow down" and retries ran out
"""

from __future__ import annotations

from reference.errors import DeeprefError


class SearchError(DeeprefError):
    """A search provider failed for a query (unreachable, throttling, a server error)."""

    retryable = True

    def __init__(self, message: str, *, provider: str | None = None, query: str | None = None):
        super().__init__(message)
        self.provider, self.query = provider, query


class RateLimitedError(SearchError):
    """The provider rate-limited us and the retries with backoff were exhausted."""
