"""The one exception tree of deepref.

It lives in ``reference`` because that package depends on nothing else, so every
other package (search, worker, tasks, reports, api, cli) can import it without a
cycle. Classes here are plain data: no I/O.

    DeeprefError                  base: catch this to catch everything of ours
    ├── InputError                bad input from a user (question, JSON, options); fix the input
    │   ├── QuestionError         empty / too long / control characters
    │   └── DefinitionError       a report definition file is invalid (file, line, field)
    ├── ConfigurationError        settings missing or contradictory (e.g. no API key); fix the env
    ├── EmbedderError             an embedder failed; the engine falls back to lexical scoring
    ├── SearchError               a search provider failed
    │   └── RateLimitedError      the provider said "slow down" and retries ran out
    ├── FetchError                one URL could not be fetched (carries url + reason)
    │   └── BlockedAddressError   SSRF guard refused a private/loopback/link-local target
    ├── ExtractError              a fetched page yielded no text (carries url + reason)
    ├── GenerationError           the LLM endpoint failed or answered nonsense
    ├── JobError                  job bookkeeping
    │   ├── JobNotFound           no job with that id (or it expired)
    │   ├── JobPending            the job has not finished yet
    │   │   └── JobTimeout        ... and a caller's wait for it ran out (also a TimeoutError)
    │   ├── JobFailed             the job ended in failure (carries stage + reason)
    │   └── JobCancelled          the job was cancelled
    └── StoreUnavailable          Redis (broker / result store) cannot be reached

Every message says what went wrong *and* what the user can do about it.
"""

from __future__ import annotations


class DeeprefError(Exception):
    """Base class of every error deepref raises on purpose."""


class InputError(DeeprefError, ValueError):
    """The caller gave input we cannot work with; the message says how to fix it."""


class QuestionError(InputError):
    """A research question is empty, too long, or contains control characters."""


class DefinitionError(InputError):
    """A report definition file is invalid; the message names file, line and field."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None, field: str | None = None):
        where = ""
        if path:
            where = path + (f":{line}" if line else "")
            where += f" ({field})" if field else ""
            where += ": "
        super().__init__(where + message)
        self.path, self.line, self.field = path, line, field


class ConfigurationError(DeeprefError):
    """A setting is missing or wrong; the message names the DEEPREF_* variable to set."""


class EmbedderError(DeeprefError):
    """An embedder could not produce vectors (missing extra, endpoint down, bad shape)."""


class SearchError(DeeprefError):
    """A search provider failed for a query."""

    def __init__(self, message: str, *, provider: str | None = None, query: str | None = None):
        super().__init__(message)
        self.provider, self.query = provider, query


class RateLimitedError(SearchError):
    """The provider rate-limited us and the retries with backoff were exhausted."""


class FetchError(DeeprefError):
    """One URL could not be fetched; ``reason`` is short and machine-readable."""

    def __init__(self, message: str, *, url: str, reason: str):
        super().__init__(message)
        self.url, self.reason = url, reason


class BlockedAddressError(FetchError):
    """The SSRF guard refused an address (private, loopback, link-local, multicast...)."""


class ExtractError(DeeprefError):
    """A page was fetched but no usable text came out of it."""

    def __init__(self, message: str, *, url: str, reason: str):
        super().__init__(message)
        self.url, self.reason = url, reason


class GenerationError(DeeprefError):
    """The chat-completions endpoint failed or returned an unusable answer."""


class JobError(DeeprefError):
    """Something about a queued job."""

    def __init__(self, message: str, *, job_id: str | None = None):
        super().__init__(message)
        self.job_id = job_id


class JobNotFound(JobError):
    """No job with that id exists (never submitted, or expired)."""


class JobPending(JobError):
    """The job is still queued or running; poll again or wait."""


class JobTimeout(JobPending, TimeoutError):
    """A caller waited for the job and the wait ran out; the job itself goes on."""


class JobFailed(JobError):
    """The job ended in failure; ``stage`` says where."""

    def __init__(self, message: str, *, job_id: str | None = None, stage: str | None = None):
        super().__init__(message, job_id=job_id)
        self.stage = stage


class JobCancelled(JobError):
    """The job was cancelled before it finished."""


class StoreUnavailable(DeeprefError):
    """Redis cannot be reached; the message names the URL (without password)."""
