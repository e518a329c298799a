"""Delivering a finished report run: a signed webhook and/or an e-mail.

Called once the run's files are written. Each delivery is tried a few times with
exponential backoff (DEEPREF_REPORT_DELIVERY_ATTEMPTS, DEEPREF_WEBHOOK_BACKOFF_SECONDS)
and every attempt is recorded in the run (``report["deliveries"]``); a delivery
that fails for good is a note in the run, never a failed run.

The e-mail carries the Markdown as text/plain and the HTML as the alternative,
the change summary at the top of both; it goes over STARTTLS (refused when the
server does not offer it) or TLS, and the login is only ever sent encrypted.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import smtplib
import ssl
import time
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from deepref.reference.errors import ConfigurationError
from deepref.reports.definitions import Delivery, EmailDelivery, ReportDefinition, WebhookDelivery

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

log = logging.getLogger(__name__)


class DeliveryError(Exception):
    """One attempt failed; the message is what the run records. Not ``retryable`` when
    asking again cannot help (a refused address stays refused)."""

    def __init__(self, message: str, *, retryable: bool = True):
        super().__init__(message)
        self.retryable = retryable


def deliver_report(
    report: dict[str, Any], definition: ReportDefinition, rendered: dict[str, str], settings: Settings
) -> None:
    """Try every delivery of ``definition``, each on its own (one that fails, however,
    never keeps the next from being tried); record the outcomes in ``report["deliveries"]``."""
    report["deliveries"] = [_deliver(delivery, report, rendered, settings) for delivery in definition.deliveries]


def _deliver(
    delivery: Delivery, report: dict[str, Any], rendered: dict[str, str], settings: Settings
) -> dict[str, Any]:
    """One delivery's attempts and outcome. A webhook's URL is recorded redacted, here
    and in every error, as the run is served to every token holder."""
    from deepref.worker import metrics

    target = redact_url(delivery.url) if isinstance(delivery, WebhookDelivery) else ", ".join(delivery.to)
    outcome: dict[str, Any] = {"kind": delivery.kind, "target": target, "state": "failed", "attempts": []}
    attempts = settings.report_delivery_attempts
    for n in range(attempts):
        started = time.time()
        try:
            detail = _send(delivery, report, rendered, settings)
            outcome["attempts"].append({"at": started, "ok": True, "detail": redact_urls(detail)})
            outcome["state"] = "delivered"
            metrics.report_delivery(delivery.kind, "delivered")
            break
        except Exception as exc:  # any failure is this delivery's, recorded, never the run's
            error = redact_urls(str(exc) or type(exc).__name__)
            outcome["attempts"].append({"at": started, "ok": False, "error": error})
            retryable = getattr(exc, "retryable", True) and isinstance(
                exc, DeliveryError | OSError | smtplib.SMTPException
            )
            final = n + 1 == attempts or not retryable
            metrics.report_delivery(delivery.kind, "gave_up" if final else "retry")
            log.warning(
                "report %s run %s: %s delivery failed (%s)", report["name"], report["run"], delivery.kind, error
            )
            if final:
                break
            time.sleep(min(60.0, settings.webhook_backoff_seconds * 2**n))
    return outcome


def redact_url(url: str) -> str:
    """``https://hooks.example.com/…#sha256:ab12cd34``: the scheme, the host and a short
    hash of the rest, which is often the receiver's secret (a capability URL). The hash
    tells two targets apart; only the operator's report file holds the whole URL."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        parts, host, port = None, "", ""
    if parts is None or not parts.scheme or not host:
        return f"…#sha256:{_short_hash(url)}"
    host = f"[{host}]" if ":" in host else host
    rest = url.split("//", 1)[-1][len(parts.netloc) :]  # path, query and fragment as written
    if rest in ("", "/"):
        return f"{parts.scheme}://{host}{port}/"
    return f"{parts.scheme}://{host}{port}/…#sha256:{_short_hash(rest)}"


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]


_URL_IN_TEXT = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"<>]+")


def redact_urls(text: str) -> str:
    """``text`` with every URL in it redacted (an error names the URL it failed on)."""

    def one(match: re.Match[str]) -> str:
        url = match.group(0)
        trail = url[len(url.rstrip(":,;.)…")) :]
        return redact_url(url[: len(url) - len(trail)]) + trail

    return _URL_IN_TEXT.sub(one, text)


def _send(delivery: Delivery, report: dict[str, Any], rendered: dict[str, str], settings: Settings) -> str:
    if isinstance(delivery, EmailDelivery):
        return send_email(delivery, report, rendered, settings)
    return _run(post_webhook(delivery.url, report, settings))


# -- webhook ---------------------------------------------------------------------------
def report_event(report: dict[str, Any], settings: Settings) -> dict[str, Any]:
    sections = report["sections"]
    base = (settings.public_url or "").rstrip("/")
    return {
        "id": f"report.{report['name']}.{report['run']}",
        "type": f"report.{report['status']}",
        "report": report["name"],
        "run": report["run"],
        "title": report["title"],
        "status": report["status"],
        "sections": {
            "total": len(sections),
            "done": sum(s["status"] == "done" for s in sections),
            "failed": sum(s["status"] == "failed" for s in sections),
        },
        "summary": report.get("summary"),
        "changes": report.get("changes"),
        "links": {
            "api": f"{base}/v1/reports/{report['name']}/runs/{report['run']}",
            "page": f"{base}/reports/{report['name']}/runs/{report['run']}",
        },
    }


async def post_webhook(url: str, report: dict[str, Any], settings: Settings) -> str:
    from deepref.worker.jobs import webhooks

    webhooks.validate_callback_url(url, settings)  # the secret, the address policy
    event = report_event(report, settings)
    body = json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "deepref-webhook/1",
        webhooks.EVENT_HEADER: event["type"],
        webhooks.SIGNATURE_HEADER: webhooks.sign(webhooks.secret(settings), int(time.time()), body),
    }
    attempt = await webhooks.post(url, body, headers, settings)
    if attempt.error is not None:
        raise DeliveryError(attempt.error, retryable=not attempt.error.startswith("blocked"))
    return f"HTTP {attempt.status}"


def _run(coro):
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # finish() runs inside run_local's loop
        return pool.submit(asyncio.run, coro).result()


# -- e-mail ----------------------------------------------------------------------------
def changes_text(report: dict[str, Any]) -> str:
    """The change summary, in a few lines of text (top of the e-mail)."""
    changes = report.get("changes")
    sections = report["sections"]
    done = sum(s["status"] == "done" for s in sections)
    lines = [
        f"{report['title']}: run {report['run']}, {report['status']} ({done} of {len(sections)} questions answered)"
    ]
    if not changes:
        lines.append("First run: no earlier run to compare with.")
    else:
        lines.append(
            f"Since run {changes['since']}: {len(changes['changed'])} answers changed, "
            f"{len(changes['unchanged'])} unchanged, {len(changes['new_questions'])} new questions, "
            f"{len(changes['new_sources'])} new sources, {len(changes['gone_sources'])} sources gone."
        )
        lines += [f"- changed: {c['question']} (similarity {c['similarity']:.2f})" for c in changes["changed"][:20]]
        lines += [f"- new source: {url}" for url in changes["new_sources"][:20]]
    return "\n".join(lines)


_LINE_BREAKS = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def header_text(text: str) -> str:
    """``text`` on one line for a mail or HTTP header: a CR or LF would end the header
    (and the library refuses it), so control characters and line separators become
    spaces."""
    return " ".join(_LINE_BREAKS.sub(" ", text).split())


def build_message(
    delivery: EmailDelivery, report: dict[str, Any], rendered: dict[str, str], settings: Settings
) -> EmailMessage:
    from html import escape

    from deepref.reports.assemble import render_html, render_markdown

    summary = changes_text(report)
    markdown = rendered.get("md") or render_markdown(report)
    html = rendered.get("html") or render_html(report)
    message = EmailMessage()
    message["Subject"] = header_text(
        delivery.subject or f"{report['title']} — run {report['run']} ({report['status']})"
    )
    message["From"] = settings.smtp_from
    message["To"] = ", ".join(delivery.to)
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=settings.smtp_from.rsplit("@", 1)[-1] or "deepref")
    message.set_content(f"{summary}\n\n{'-' * 72}\n\n{markdown}")
    block = f'<div class="deepref-changes"><pre>{escape(summary)}</pre></div><hr>'
    html = html.replace("<body>", "<body>" + block, 1) if "<body>" in html else block + html
    message.add_alternative(html, subtype="html")
    return message


def _tls_context(settings: Settings) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(settings.smtp_ca_file) if settings.smtp_ca_file else None)


def send_email(delivery: EmailDelivery, report: dict[str, Any], rendered: dict[str, str], settings: Settings) -> str:
    if not settings.smtp_host:
        raise ConfigurationError("e-mail deliveries need DEEPREF_SMTP_HOST (and DEEPREF_SMTP_* for TLS and login)")
    message = build_message(delivery, report, rendered, settings)
    host, port, timeout = settings.smtp_host, settings.smtp_port, settings.smtp_timeout
    if settings.smtp_ssl:
        smtp: smtplib.SMTP = smtplib.SMTP_SSL(host, port, timeout=timeout, context=_tls_context(settings))
    else:
        smtp = smtplib.SMTP(host, port, timeout=timeout)
    with smtp:
        smtp.ehlo()
        if not settings.smtp_ssl and settings.smtp_starttls:
            if not smtp.has_extn("starttls"):
                raise DeliveryError(
                    f"{host}:{port} does not offer STARTTLS; refusing to send in clear text "
                    "(set DEEPREF_SMTP_STARTTLS=false only for a server on a trusted network)"
                )
            smtp.starttls(context=_tls_context(settings))
            smtp.ehlo()
        if settings.smtp_username:
            if not (settings.smtp_ssl or settings.smtp_starttls):
                raise DeliveryError("refusing to send the SMTP password over an unencrypted connection")
            password = settings.smtp_password.get_secret_value() if settings.smtp_password else ""
            smtp.login(settings.smtp_username, password)
        refused = smtp.send_message(message)
    # all refused raises SMTPRecipientsRefused (retried); some refused: sent to the others, say so
    note = f"; refused: {', '.join(sorted(refused))}" if refused else ""
    return f"sent to {len(delivery.to) - len(refused)} recipient(s) via {host}:{port}{note}"
