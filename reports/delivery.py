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
import json
import logging
import smtplib
import ssl
import time
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any

from reference.errors import ConfigurationError
from reports.definitions import EmailDelivery, ReportDefinition, WebhookDelivery

log = logging.getLogger(__name__)


class DeliveryError(Exception):
    """One attempt failed; the message is what the run records."""


def deliver_report(report: dict[str, Any], definition: ReportDefinition, rendered: dict[str, str], settings) -> None:
    """Try every delivery of ``definition``; record the outcome in ``report["deliveries"]``."""
    from worker import metrics

    outcomes = []
    for delivery in definition.deliveries:
        target = delivery.url if isinstance(delivery, WebhookDelivery) else ", ".join(delivery.to)
        outcome: dict[str, Any] = {"kind": delivery.kind, "target": target, "state": "failed", "attempts": []}
        attempts = settings.report_delivery_attempts
        for n in range(attempts):
            started = time.time()
            try:
                detail = _send(delivery, report, rendered, settings)
                outcome["attempts"].append({"at": started, "ok": True, "detail": detail})
                outcome["state"] = "delivered"
                metrics.report_delivery(delivery.kind, "delivered")
                break
            except (DeliveryError, ConfigurationError, OSError, smtplib.SMTPException) as exc:
                error = str(exc) or type(exc).__name__
                outcome["attempts"].append({"at": started, "ok": False, "error": error})
                final = n + 1 == attempts or isinstance(exc, ConfigurationError)
                metrics.report_delivery(delivery.kind, "gave_up" if final else "retry")
                log.warning(
                    "report %s run %s: %s delivery failed (%s)", report["name"], report["run"], delivery.kind, error
                )
                if final:
                    break
                time.sleep(min(60.0, settings.webhook_backoff_seconds * 2**n))
        outcomes.append(outcome)
    report["deliveries"] = outcomes


def _send(delivery, report: dict[str, Any], rendered: dict[str, str], settings) -> str:
    if isinstance(delivery, EmailDelivery):
        return send_email(delivery, report, rendered, settings)
    return _run(post_webhook(delivery.url, report, settings))


# -- webhook ---------------------------------------------------------------------------
def report_event(report: dict[str, Any], settings) -> dict[str, Any]:
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


async def post_webhook(url: str, report: dict[str, Any], settings) -> str:
    from worker import webhooks

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
        raise DeliveryError(attempt.error)
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


def build_message(delivery: EmailDelivery, report: dict[str, Any], rendered: dict[str, str], settings) -> EmailMessage:
    from html import escape

    from reports.assemble import render_html, render_markdown

    summary = changes_text(report)
    markdown = rendered.get("md") or render_markdown(report)
    html = rendered.get("html") or render_html(report)
    message = EmailMessage()
    message["Subject"] = delivery.subject or f"{report['title']} — run {report['run']} ({report['status']})"
    message["From"] = settings.smtp_from
    message["To"] = ", ".join(delivery.to)
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=settings.smtp_from.rsplit("@", 1)[-1] or "deepref")
    message.set_content(f"{summary}\n\n{'-' * 72}\n\n{markdown}")
    block = f'<div class="deepref-changes"><pre>{escape(summary)}</pre></div><hr>'
    html = html.replace("<body>", "<body>" + block, 1) if "<body>" in html else block + html
    message.add_alternative(html, subtype="html")
    return message


def _tls_context(settings) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(settings.smtp_ca_file) if settings.smtp_ca_file else None)


def send_email(delivery: EmailDelivery, report: dict[str, Any], rendered: dict[str, str], settings) -> str:
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
