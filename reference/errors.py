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

``retryable`` says whether the same call may succeed later (a timeout, a 503, a
Redis restart). It is set where an error is raised, because only that place knows:
a 401 and a 503 are both "the LLM endpoint failed". The job lifecycle
(worker/lifecycle.py) retries a stage only on a retryable error; the default is no.
"""

from __future__ import annotations


class DeeprefError(Exception):
    """Base class of every error deepref raises on purpose."""

    retryable: bool = False


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
    """A search provider failed for a query (unreachable, throttling, a server error)."""

    retryable = True

    def __init__(self, message: str, *, provider: str | None = None, query: str | None = None):
        super().__init__(message)
        self.provider, self.query = provider, query


class RateLimitedError(SearchError):
    """The provider rate-limited us and the retries with backoff were exhausted."""


class FetchError(DeeprefError):
    """One URL could not be fetched; ``reason`` is short and machine-readable.

    Retryable when the reason is one a later try can cure (a timeout, a refused
    connection, HTTP 429 or 5xx); a 404, robots.txt or a size cap are final."""

    TRANSIENT_REASONS = frozenset({"timeout", "connection", "http-429"})

    def __init__(self, message: str, *, url: str, reason: str):
        super().__init__(message)
        self.url, self.reason = url, reason
        self.retryable = reason in self.TRANSIENT_REASONS or reason.startswith("http-5")


class BlockedAddressError(FetchError):
    """The SSRF guard refused an address (private, loopback, link-local, multicast...)."""

    def __init__(self, message: str, *, url: str, reason: str):
        super().__init__(message, url=url, reason=reason)
        self.retryable = False  # the guard answers the same way every time


class ExtractError(DeeprefError):
    """A page was fetched but no usable text came out of it."""

    def __init__(self, message: str, *, url: str, reason: str):
        super().__init__(message)
        self.url, self.reason = url, reason


class GenerationError(DeeprefError):
    """The chat-completions endpoint failed or returned an unusable answer.

    ``retryable`` is decided where it is raised (worker/llm.py): a timeout, a lost
    connection, 429 or 5xx may pass; a rejected key or an unknown model will not."""

    def __init__(self, message: str, *, retryable: bool = False):
        super().__init__(message)
        self.retryable = retryable


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

    retryable = True  # Redis restarts; a stage that could not record its output runs again
