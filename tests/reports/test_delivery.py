"""Report deliveries against real local peers: an SMTP server (aiosmtpd, plain and
STARTTLS with a throwaway CA and a login) and a webhook receiver on loopback."""

from __future__ import annotations

import asyncio
import email
import email.policy
import os
import re
import socket
import ssl
from pathlib import Path

import pytest

from deepref.reports.definitions import ReportDefinition
from deepref.reports.run import new_run, run_local
from deepref.reports.store import ReportStore
from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.settings import Settings
from tests.fakes.server import ServerThread
from tests.worker.jobs.test_webhooks import SECRET, Receiver

aiosmtpd_controller = pytest.importorskip("aiosmtpd.controller")

CORPUS = Path(__file__).resolve().parents[2] / "examples" / "corpus"
QUESTION = "How does deepref refuse requests to private addresses?"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mailbox:
    """aiosmtpd handler: answers ``fail_first`` DATA commands with 451, keeps the rest."""

    def __init__(self, fail_first: int = 0):
        self.fail_first = fail_first
        self.messages: list[tuple[str, list[str], email.message.EmailMessage]] = []
        self.tls_seen: list[bool] = []

    async def handle_DATA(self, server, session, envelope):
        self.tls_seen.append(session.ssl is not None)
        if self.fail_first > 0:
            self.fail_first -= 1
            return "451 4.3.0 try again later"
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), message))
        return "250 OK"


@pytest.fixture
def clean_env(monkeypatch):
    for key in [k for k in os.environ if k.startswith("DEEPREF_")]:
        monkeypatch.delenv(key)


def _settings(**extra) -> Settings:
    return Settings(embedder="jaccard", webhook_backoff_seconds=0.1, **extra)


def _run(tmp_path, settings, title="Energy brief", **definition):
    defn = ReportDefinition(
        name="brief",
        title=title,
        questions=[QUESTION],
        options=ResearchOptions(provider="local", corpus_dir=str(CORPUS)),
        summary=False,
        **definition,
    )
    store = ReportStore(tmp_path / "out")
    report = new_run(defn, store)
    asyncio.run(run_local(report, defn, store, settings=settings))
    return store.load("brief", report["run"])


def test_email_with_text_and_html_and_the_changes_on_top(tmp_path, clean_env):
    box = Mailbox(fail_first=1)  # the first attempt of the first run is refused (451): retried
    controller = aiosmtpd_controller.Controller(box, hostname="127.0.0.1", port=_port())
    controller.start()
    try:
        settings = _settings(
            smtp_host="127.0.0.1", smtp_port=controller.port, smtp_starttls=False, smtp_from="reports@example.org"
        )
        deliveries = [{"kind": "email", "to": ["ann@example.org", "bob@example.org"]}]
        first = _run(tmp_path, settings, deliveries=deliveries)
        second = _run(tmp_path, settings, deliveries=deliveries)
    finally:
        controller.stop()

    assert first["status"] == "done" and second["status"] == "done"
    [outcome] = first["deliveries"]
    assert outcome["kind"] == "email" and outcome["state"] == "delivered"
    assert [a["ok"] for a in outcome["attempts"]] == [False, True] and "451" in outcome["attempts"][0]["error"]
    assert len(box.messages) == 2
    sender, rcpts, message = box.messages[1]
    assert sender == "reports@example.org" and rcpts == ["ann@example.org", "bob@example.org"]
    assert message["Subject"] == f"Energy brief — run {second['run']} (done)"
    assert message.is_multipart() and message.get_content_type() == "multipart/alternative"
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    html = message.get_body(("html",)).get_content()
    first_text = box.messages[0][2].get_body(("plain",)).get_content()
    assert first_text.splitlines()[1] == "First run: no earlier run to compare with."
    assert text.startswith(f"Energy brief: run {second['run']}, done (1 of 1 questions answered)\n")
    assert f"Since run {first['run']}:" in text.splitlines()[1]
    assert QUESTION in text and "[^1]" in text  # the Markdown report, footnotes and all
    assert "deepref-changes" in html and f"Since run {first['run']}" in html and "<html" in html.lower()
    assert html.index("deepref-changes") < html.index(QUESTION)


def test_starttls_with_login(tmp_path, clean_env):
    trustme = pytest.importorskip("trustme")
    from aiosmtpd.smtp import AuthResult, LoginPassword

    ca = trustme.CA()
    server_ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(server_ctx)
    ca_file = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    logins: list[tuple[bytes, bytes]] = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        assert isinstance(auth_data, LoginPassword)
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"pw-123")

    box = Mailbox()
    controller = aiosmtpd_controller.Controller(
        box,
        hostname="127.0.0.1",
        port=_port(),
        tls_context=server_ctx,
        require_starttls=True,
        authenticator=authenticator,
        auth_required=True,
        auth_require_tls=True,
    )
    controller.start()
    try:
        base = {"smtp_host": "127.0.0.1", "smtp_port": controller.port, "smtp_username": "deepref"}
        report = _run(
            tmp_path,
            _settings(**base, smtp_password="pw-123", smtp_ca_file=ca_file),
            deliveries=[{"kind": "email", "to": ["ann@example.org"], "subject": "Weekly"}],
        )
        # a server whose certificate we cannot verify (no CA file): refused, recorded, run done
        untrusted = _run(
            tmp_path,
            _settings(**base, smtp_password="pw-123", report_delivery_attempts=1),
            deliveries=[{"kind": "email", "to": ["ann@example.org"]}],
        )
    finally:
        controller.stop()
    assert report["deliveries"][0]["state"] == "delivered", report["deliveries"]
    assert logins == [(b"deepref", b"pw-123")]
    assert box.tls_seen == [True] and box.messages[0][2]["Subject"] == "Weekly"
    assert untrusted["status"] == "done" and untrusted["deliveries"][0]["state"] == "failed"
    assert "CERTIFICATE_VERIFY_FAILED" in untrusted["deliveries"][0]["attempts"][0]["error"]
    assert "pw-123" not in (tmp_path / "out").joinpath("brief", report["run"], "report.json").read_text()


def test_a_server_without_starttls_is_refused_and_the_run_still_finishes(tmp_path, clean_env):
    box = Mailbox()
    controller = aiosmtpd_controller.Controller(box, hostname="127.0.0.1", port=_port())
    controller.start()
    try:
        report = _run(
            tmp_path,
            _settings(smtp_host="127.0.0.1", smtp_port=controller.port, report_delivery_attempts=2),
            deliveries=[{"kind": "email", "to": ["ann@example.org"]}],
        )
    finally:
        controller.stop()
    assert report["status"] == "done"
    [outcome] = report["deliveries"]
    assert outcome["state"] == "failed" and len(outcome["attempts"]) == 2
    assert "does not offer STARTTLS" in outcome["attempts"][0]["error"]
    assert box.messages == []


def test_report_webhook_is_signed_retried_and_recorded(tmp_path, clean_env):
    rec = Receiver(["500", "200"])
    receiver = ServerThread(rec.app).start()
    try:
        settings = _settings(webhook_secret=SECRET, webhook_allow=["loopback"], public_url="https://d.example.org")
        report = _run(tmp_path, settings, callback_url=receiver.base_url + "/hook")
        # the same callback without the loopback allowance: refused before any byte is sent
        refused = _run(
            tmp_path,
            _settings(webhook_secret=SECRET),
            deliveries=[{"kind": "webhook", "url": receiver.base_url + "/hook"}],
        )
    finally:
        receiver.stop()
    assert report["status"] == "done"
    [outcome] = report["deliveries"]
    assert outcome["state"] == "delivered" and [a["ok"] for a in outcome["attempts"]] == [False, True]
    assert outcome["attempts"][0]["error"] == "HTTP 500"
    assert refused["status"] == "done" and refused["deliveries"][0]["state"] == "failed"
    assert "loopback" in refused["deliveries"][0]["attempts"][0]["error"]
    assert len(rec.seen) == 2 and all(s["signed"] for s in rec.seen)
    event = rec.seen[-1]["event"]
    assert event["type"] == "report.done" and event["id"] == f"report.brief.{report['run']}"
    assert event["sections"] == {"total": 1, "done": 1, "failed": 0}
    assert event["links"]["page"] == f"https://d.example.org/reports/brief/runs/{report['run']}"


def test_a_webhook_url_is_stored_redacted_in_the_run_and_its_errors(tmp_path, clean_env, caplog):
    """A webhook URL is often the receiver's secret (a capability URL); the run, which
    the API and MCP serve to every token holder, keeps only scheme, host and a hash."""
    rec = Receiver(["200"])
    receiver = ServerThread(rec.app).start()
    url = receiver.base_url + "/hook?token=capability-s3cr3t"
    try:
        delivered = _run(tmp_path, _settings(webhook_secret=SECRET, webhook_allow=["loopback"]), callback_url=url)
        refused = _run(tmp_path, _settings(webhook_secret=SECRET), deliveries=[{"kind": "webhook", "url": url}])
    finally:
        receiver.stop()
    assert delivered["deliveries"][0]["state"] == "delivered" and len(rec.seen) == 1
    assert refused["deliveries"][0]["state"] == "failed"
    for run in (delivered, refused):
        [outcome] = run["deliveries"]
        assert re.fullmatch(re.escape(receiver.base_url) + r"/…#sha256:[0-9a-f]{8}", outcome["target"])
        stored = (tmp_path / "out" / "brief" / run["run"] / "report.json").read_text(encoding="utf-8")
        assert "capability-s3cr3t" not in stored and "/hook" not in stored
    assert delivered["deliveries"][0]["target"] == refused["deliveries"][0]["target"]  # the same hash
    assert "capability-s3cr3t" not in caplog.text


def test_a_refused_webhook_names_the_webhook_settings_and_later_deliveries_still_go(tmp_path, clean_env):
    box = Mailbox()
    controller = aiosmtpd_controller.Controller(box, hostname="127.0.0.1", port=_port())
    controller.start()
    try:
        settings = _settings(
            webhook_secret=SECRET, smtp_host="127.0.0.1", smtp_port=controller.port, smtp_starttls=False
        )
        report = _run(
            tmp_path,
            settings,
            deliveries=[
                {"kind": "webhook", "url": "http://127.0.0.1:9/hook"},  # a literal loopback address
                {"kind": "webhook", "url": "http://localhost:9/hook"},  # a name that resolves to one
                {"kind": "email", "to": ["ann@example.org"]},
            ],
        )
    finally:
        controller.stop()
    literal, name, mail = report["deliveries"]
    for outcome in (literal, name):
        assert outcome["state"] == "failed" and len(outcome["attempts"]) == 1  # refused stays refused
        error = outcome["attempts"][0]["error"]
        assert "loopback" in error and "DEEPREF_WEBHOOK_ALLOW" in error and "DEEPREF_FETCH" not in error, error
    assert mail["state"] == "delivered" and len(box.messages) == 1


def test_a_title_with_line_breaks_is_one_subject_line_not_a_failed_delivery(tmp_path, clean_env):
    box = Mailbox()
    controller = aiosmtpd_controller.Controller(box, hostname="127.0.0.1", port=_port())
    controller.start()
    try:
        settings = _settings(smtp_host="127.0.0.1", smtp_port=controller.port, smtp_starttls=False)
        report = _run(
            tmp_path,
            settings,
            title="Energy\r\nBcc: eve@example.org\x00 brief\u2028",
            deliveries=[{"kind": "email", "to": ["ann@example.org"]}, {"kind": "email", "to": ["bob@example.org"]}],
        )
    finally:
        controller.stop()
    assert [d["state"] for d in report["deliveries"]] == ["delivered", "delivered"]
    assert [rcpts for _, rcpts, _ in box.messages] == [["ann@example.org"], ["bob@example.org"]]
    message = box.messages[0][2]
    assert message["Subject"] == f"Energy Bcc: eve@example.org brief — run {report['run']} (done)"
    assert message["Bcc"] is None
