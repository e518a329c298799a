"""Errors of the search providers (part of deepref's one tree, base ``DeeprefError``).

DeeprefError (reference.errors)
└── SearchError               a search provider failed (retryable: it may answer later)
    ├── RateLimitedError      the provider said "slow down" and retries ran out
    ├── ProviderAuthError     401/403: a wrong or missing key (never retried)
    ├── MalformedAnswerError  the answer could not be read: nested too deep, not in its
    │   │                     encoding, not JSON or XML, or not the shape expected
    │   └── AnswerTooLargeError  the answer is over DEEPREF_SEARCH_MAX_ANSWER_BYTES (never retried)
    └── AllProvidersFailed    every provider of a job failed; names each and why
"""

from __future__ import annotations

from collections.abc import Mapping

from deepref.reference.errors import DeeprefError


class SearchError(DeeprefError):
    """A search provider failed for a query (unreachable, throttling, a server error)."""

    retryable = True

    def __init__(self, message: str, *, provider: str | None = None, query: str | None = None):
        super().__init__(message)
        self.provider, self.query = provider, query


class RateLimitedError(SearchError):
    """The provider rate-limited us and the retries with backoff were exhausted."""


class ProviderAuthError(SearchError):
    """The provider refused the key (HTTP 401 or 403); asking again cannot help."""

    retryable = False


class MalformedAnswerError(SearchError):
    """The provider answered, but its answer could not be read (retries ran out)."""


class AnswerTooLargeError(MalformedAnswerError):
    """The provider's answer is larger than the cap; it was cut off while read, and
    asking again would bring the same answer."""

    retryable = False


class AllProvidersFailed(SearchError):
    """No provider of the job answered any query."""

    def __init__(self, failures: Mapping[str, BaseException]):
        self.reasons = {name: str(exc) for name, exc in failures.items()}
        detail = "; ".join(f"{name}: {why}" for name, why in self.reasons.items())
        super().__init__(f"every search provider failed: {detail}")
        # worth retrying the stage only if some provider may answer later (not a refused key)
        self.retryable = any(getattr(exc, "retryable", True) for exc in failures.values())
