"""Errors of the worker's I/O and jobs (part of deepref's one tree, base ``DeeprefError``).

    DeeprefError (reference.errors)
    ├── InputError
    │   └── QuestionError         empty / too long / control characters
    ├── FetchError                one URL could not be fetched (carries url + reason)
    │   └── BlockedAddressError   the SSRF guard refused a private/loopback/link-local target
    ├── ExtractError              a fetched page yielded no text (carries url + reason)
    ├── GenerationError           the LLM endpoint failed or answered nonsense
    ├── JobError                  job bookkeeping
    │   ├── JobNotFound           no job with that id (or it expired)
    │   │   └── ArtifactNotFound  a stored stage output of a job is missing (expired, or never written)
    │   ├── JobPending            the job has not finished yet
    │   │   └── JobTimeout        ... and a caller's wait for it ran out (also a TimeoutError)
    │   ├── JobFailed             the job ended in failure (carries stage + reason)
    │   ├── NotAwaitingApproval   a plan edited or approved while the job does not wait for one
    │   └── JobCancelled          the job was cancelled
    └── StoreUnavailable          Redis (broker / job store) cannot be reached or is full

``retryable`` is set where each is raised (see reference/errors.py).
"""

from __future__ import annotations

from deepref.reference.errors import DeeprefError, InputError


class QuestionError(InputError):
    """A research question is empty, too long, or contains control characters."""


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
        self.retryable = False


class ExtractError(DeeprefError):
    """A page was fetched but no usable text came out of it."""

    def __init__(self, message: str, *, url: str, reason: str):
        super().__init__(message)
        self.url, self.reason = url, reason


class GenerationError(DeeprefError):
    """The chat-completions endpoint failed or returned an unusable answer.

    ``retryable`` is decided where it is raised (worker/inference/llm.py): a timeout, a lost
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


class NotAwaitingApproval(JobError):
    """A plan was edited or approved while the job is not ``awaiting_approval``: it was
    submitted without ``approve_plan``, is still planning, was approved already, or ended
    (an expired plan fails its job; the message says so)."""


class ParentNotFinished(JobError):
    """A follow-up question was asked of a job that is not done (still running, failed
    or cancelled): it has no answer and no sources to follow up yet."""


class StoreUnavailable(DeeprefError):
    """Redis cannot be reached; the message names the URL (without password)."""

    retryable = True


class ArtifactNotFound(JobNotFound):
    """A job's stored stage output is missing: it expired, or its stage never finished."""


def describe(exc: BaseException, *, with_type: bool = False) -> str:
    """What went wrong, in words a job's error message can carry: the exception's own
    message (after its class name with ``with_type``, as for an unexpected error).

    An exception may say nothing: ``str()`` is empty (``TimeoutError()``, a bare
    ``raise X``) or ``"None"`` (``KeyError(None)``, ``X(None)``, a message built from
    a value that was None). Then the message names its class, where it was raised
    (file, line, function) and the error it was handling, never a bare "internal error
    in the report stage: None"."""
    message = str(exc).strip()
    name = type(exc).__name__
    if message and message != "None":
        return f"{name}: {message}" if with_type else message
    said = "with no message" if not message else "with the message None"
    parts = [f"{name} {said}"]
    where = _raised_at(exc)
    if where:
        parts.append(f"raised at {where}")
    during = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
    if during is not None:
        parts.append(f"while handling {describe(during, with_type=True)}")
    return ", ".join(parts)


def _raised_at(exc: BaseException) -> str:
    import traceback
    from pathlib import Path

    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ is not None else []
    if not frames:
        return ""
    last = frames[-1]
    path = Path(last.filename)
    root = Path(__file__).resolve().parents[1]  # where deepref's packages sit: worker/jobs/store.py, not /home/...
    shown = path.relative_to(root) if path.is_relative_to(root) else Path(path.name)
    return f"{shown}:{last.lineno} in {last.name}"
