"""Job-end webhooks: a signed JSON event POSTed to the job's ``callback_url``.

When a job ends (done, failed, cancelled) the lifecycle marks its webhook
pending once (whoever ends it, however often) and hands the job id to a sender:
the ``deepref.webhook`` Celery task, or the embedded runner in-process. Each
attempt is one POST through the fetcher's SSRF guard (worker/web/netguard.py, with
its own allowance: a receiver inside your network must be allowed explicitly);
its time and HTTP status or error are recorded on the job record. A failure is
retried with exponential backoff until an attempt or a time bound runs out.

The signature is Stripe-style: ``Deepref-Signature: t=<unix>,v1=<hex>`` where
hex is HMAC-SHA256(secret, f"{t}.{body}"); signing the timestamp lets the
receiver refuse replays. docs/integrations.md has the verification recipe.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import time
import uuid
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlsplit

import aiohttp

from deepref.reference.errors import ConfigurationError, InputError
from deepref.worker.credentials import MAKE_SECRET, MIN_SECRET_CHARS, check_secret
from deepref.worker.errors import BlockedAddressError, JobNotFound
from deepref.worker.jobs.models import JobRecord, JobState, WebhookAttempt, WebhookStatus
from deepref.worker.web.netguard import CATEGORIES, AddressPolicy, GuardedConnector

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

log = logging.getLogger(__name__)

SIGNATURE_HEADER = "Deepref-Signature"
EVENT_HEADER = "Deepref-Event"
MAX_URL_CHARS = 2000
MAX_BACKOFF = 600.0
ANSWER_INLINE_CHARS = 4000
"""An answer up to this long travels in the event; a longer one as an excerpt and a link."""


WEBHOOK_HINT = (
    ' (set DEEPREF_WEBHOOK_ALLOW, e.g. ["loopback"] or ["private"], or DEEPREF_WEBHOOK_ALLOW_PRIVATE=true '
    "only if receivers inside your network must be called back)"
)


def policy(settings: Settings) -> AddressPolicy:
    """Where callbacks may connect: public addresses, plus what the webhook settings allow
    (separate from the fetcher's allowance: reaching pages and calling back differ, and a
    refusal names the webhook settings)."""
    allow = CATEGORIES if settings.webhook_allow_private else settings.webhook_allow
    return AddressPolicy(allow, hint=WEBHOOK_HINT)


def secret(settings: Settings) -> bytes:
    """The signing key; callback URLs need one, by the rule of every secret."""
    if settings.webhook_secret is None:
        raise ConfigurationError(
            f"callback URLs need DEEPREF_WEBHOOK_SECRET of at least {MIN_SECRET_CHARS} characters "
            f"(make one with {MAKE_SECRET})"
        )
    check_secret("DEEPREF_WEBHOOK_SECRET", settings.webhook_secret)
    return settings.webhook_secret.get_secret_value().encode()


def validate_callback_url(url: str, settings: Settings) -> str:
    """``url`` when deepref may call it back; InputError saying why not otherwise.
    A literal address is checked against the policy now; a name when it is called."""
    shown = url if len(url) <= 100 else url[:100] + "…"
    if len(url) > MAX_URL_CHARS:
        raise InputError(f"callback_url is longer than {MAX_URL_CHARS} characters")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError as exc:
        raise InputError(f"callback_url {shown!r} is not a URL ({exc})") from None
    if parts.scheme not in ("http", "https"):
        raise InputError(f"callback_url {shown!r}: only http and https callbacks are made")
    if not parts.hostname:
        raise InputError(f"callback_url {shown!r} has no host")
    if parts.username is not None or parts.password is not None:
        raise InputError("callback_url must not carry a user or password; the signature authenticates deepref")
    if any(ord(c) < 33 or ord(c) == 127 for c in url):
        raise InputError("callback_url contains spaces or control characters")
    secret(settings)
    try:
        policy(settings).check_url(url)
    except BlockedAddressError as exc:
        raise InputError(f"callback_url {shown!r}: {exc.reason}: {str(exc).split(': ', 1)[-1]}") from None
    return url


def sign(key: bytes, timestamp: int, body: bytes) -> str:
    """The signature header value for ``body`` sent at ``timestamp``."""
    digest = hmac.new(key, f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def verify(key: bytes, header: str, body: bytes, *, tolerance: float = 300, now: float | None = None) -> bool:
    """The receiver's check (the recipe in docs/integrations.md, as a function)."""
    try:
        fields = dict(part.split("=", 1) for part in header.split(","))
        timestamp = int(fields["t"])
    except (ValueError, KeyError):
        return False
    if abs((now or time.time()) - timestamp) > tolerance:
        return False
    expected = hmac.new(key, f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields.get("v1", ""))


def links(job_id: str, settings: Settings) -> dict[str, str]:
    base = (settings.public_url or "").rstrip("/")
    return {
        "status": f"{base}/v1/jobs/{job_id}",
        "references": f"{base}/v1/jobs/{job_id}/references",
        "page": f"{base}/jobs/{job_id}",
    }


def build_event(record: JobRecord, settings: Settings) -> dict:
    """The event for a finished job: its state, error, links and a summary of the result."""
    event: dict = {
        "id": f"{record.id}.{record.state.value}",
        "type": f"job.{record.state.value}",
        "job_id": record.id,
        "state": record.state.value,
        "question": record.question,
        "created_at": record.created_at,
        "ended_at": record.updated_at,
        "error": record.error.model_dump() if record.error else None,
        "links": links(record.id, settings),
        "result": None,
    }
    result = record.result
    if result is not None:
        summary = {
            "answer_mode": result.answer_mode,
            "model": result.model,
            "references": len(result.references),
            "sources": [{"url": s.url, "title": s.title} for s in result.sources[:50]],
            "failures": len(result.failures),
            "warnings": result.warnings[:10],
            "usage": result.usage.model_dump(),
        }
        if len(result.answer) <= ANSWER_INLINE_CHARS:
            summary["answer"] = result.answer
        else:
            summary["answer_excerpt"] = result.answer[:1000]
            summary["answer_truncated"] = True
        event["result"] = summary
    return event


def next_delay(status: WebhookStatus, settings: Settings, now: float | None = None) -> float | None:
    """Seconds before the next attempt, or None when the attempts or the time are up."""
    done = len(status.attempts)
    if done >= settings.webhook_max_attempts:
        return None
    delay = min(MAX_BACKOFF, settings.webhook_backoff_seconds * 2 ** max(0, done - 1)) if done else 0.0
    if done and (now or time.time()) + delay > status.attempts[0].at + settings.webhook_retry_seconds:
        return None
    return delay


def mark_pending(store, job_id: str) -> bool:
    """Give the finished job a pending webhook unless it has one: True only for the call
    that did (so a job's end is announced once, whoever noticed it first)."""
    marked = [False]

    def mutate(record: JobRecord) -> None:
        marked[0] = record.webhook is None and bool(record.options.callback_url) and record.state.finished
        if marked[0]:
            record.webhook = WebhookStatus(event=record.state.value)

    store.update(job_id, mutate=mutate, force=True)
    return marked[0]


async def post(url: str, body: bytes, headers: dict[str, str], settings: Settings) -> WebhookAttempt:
    """One attempt: 2xx is delivered, anything else (redirects included) is an error."""
    started = time.time()
    clock = time.perf_counter()
    status: int | None = None
    error: str | None = None
    connector = GuardedConnector(policy(settings), limit=1, force_close=True)
    timeout = aiohttp.ClientTimeout(total=settings.webhook_timeout)
    try:
        target = policy(settings).check_url(url)
        async with (
            aiohttp.ClientSession(connector=connector, timeout=timeout, trust_env=False) as session,
            session.post(target, data=body, headers=headers, allow_redirects=False) as resp,
        ):
            status = resp.status
            await resp.read()
            if not 200 <= status < 300:
                error = f"HTTP {status}"
    except BlockedAddressError as exc:
        error = f"blocked: {exc}"
    except TimeoutError:
        error = f"timeout after {settings.webhook_timeout:g} s"
    except (aiohttp.ClientError, OSError) as exc:
        error = f"{type(exc).__name__}: {exc}"
    finally:
        await connector.close()
    return WebhookAttempt(at=started, status=status, error=error, seconds=round(time.perf_counter() - clock, 3))


async def deliver_once(store, job_id: str, settings: Settings, attempt: int | None = None) -> float | None:
    """One attempt for the job's pending webhook, recorded on its record. Returns the
    seconds to wait before the next attempt, or None when nothing is left to do.

    ``attempt`` (the number this call is meant to make) makes a duplicate delivery of
    a queued attempt harmless: a copy of an attempt already made does nothing, a copy
    that arrives before the attempt is due only says how long to wait."""
    from deepref.worker import metrics

    lock = store.keys.webhook_lock(job_id)
    token = uuid.uuid4().hex
    if not store.acquire(lock, token, int(settings.webhook_timeout) + 30):
        return 1.0  # another copy is at it: look again soon (then it is made, or due)
    try:
        try:
            record = store.get(job_id)  # read under the lock: the attempts made so far
        except JobNotFound:
            return None  # expired meanwhile
        status, url = record.webhook, record.options.callback_url
        if status is None or status.state != "pending" or not url:
            return None
        if attempt is not None and len(status.attempts) != attempt - 1:
            return None  # a duplicate of an attempt already made
        if status.next_at is not None and time.time() < status.next_at - 0.01:
            return status.next_at - time.time()
        event = build_event(record, settings)
        body = json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode()
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "deepref-webhook/1",
            EVENT_HEADER: event["type"],
            SIGNATURE_HEADER: sign(secret(settings), int(time.time()), body),
        }
        result = await post(url, body, headers, settings)
        status.attempts.append(result)
        # a refused address stays refused: no point in asking again
        blocked = result.error is not None and result.error.startswith("blocked")
        delay = None if result.error is None or blocked else next_delay(status, settings)
        final: Literal["pending", "delivered", "failed"] = "delivered"
        if result.error is not None:
            final = "failed" if delay is None else "pending"
        outcome = "delivered" if result.error is None else ("gave_up" if delay is None else "retry")
        metrics.webhook_delivery(outcome)

        def mutate(r: JobRecord) -> None:
            if r.webhook is not None:
                r.webhook.attempts.append(result)
                r.webhook.state = final
                r.webhook.next_at = None if delay is None else time.time() + delay

        store.update(job_id, mutate=mutate, force=True)
        log.info("job %s webhook attempt %d: %s", job_id, len(status.attempts), result.error or f"HTTP {result.status}")
        return delay
    finally:
        store.release(lock, token)


async def deliver(store, job_id: str, settings: Settings) -> WebhookStatus | None:
    """Every attempt in this process (the embedded mode), waiting between them."""
    while (delay := await deliver_once(store, job_id, settings)) is not None:
        await asyncio.sleep(delay)
    return store.get(job_id).webhook


def job_ended(store, record: JobRecord, send) -> None:
    """Called by the lifecycle with a record it just ended: announce it once."""
    if record.state in (JobState.done, JobState.failed, JobState.cancelled) and record.options.callback_url:
        try:
            if mark_pending(store, record.id):
                send(record.id)
        except Exception as exc:  # never let a webhook break the job's own bookkeeping
            log.warning("job %s: could not queue its webhook: %s", record.id, exc)
