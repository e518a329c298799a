"""``deepref mcp`` as a real server process, driven by the official SDK's own client:
stdio (the process an MCP client starts), and streamable HTTP."""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path

import bibtexparser
import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError

from deepref.export import MEDIA_TYPES
from tests.cli.test_cite import DOC
from tests.conftest import TEST_REDIS_URL
from tests.export.readers import read_docx, read_pdf

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "examples" / "corpus"
QUESTION = "How do footnotes in deepref point at the exact supporting passage?"
TOKEN = "mcp-test-token-" + "x" * 32


def plain_env(**extra: str) -> dict[str, str]:
    """No DEEPREF_* of the caller's; Redis, if anything asks it, is the tests' database."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    return {**env, "DEEPREF_EMBEDDER": "jaccard", "DEEPREF_REDIS_URL": TEST_REDIS_URL, **extra}


@asynccontextmanager
async def stdio_session(env: dict[str, str], *args: str):
    """``deepref mcp`` started as an MCP client starts it; research in-process unless told."""
    args = args or ("--research", "local")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "deepref.cli.main", "mcp", *args], env=env, cwd=REPO
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def text_of(result) -> str:
    return "".join(c.text for c in result.content if getattr(c, "text", None) is not None)


async def test_tools_have_typed_bounded_inputs():
    async with stdio_session(plain_env()) as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
    assert {"research", "submit", "status", "result", "export", "cancel", "cite"} <= set(tools)
    research = tools["research"].input_schema
    assert research["required"] == ["question"]
    assert research["properties"]["question"]["maxLength"] == 2000  # DEEPREF_MAX_QUESTION_CHARS
    assert research["properties"]["question"]["description"]
    assert "ResearchOptions" in json.dumps(research["properties"]["options"])
    assert research["properties"]["wait_seconds"]["maximum"] == 3600
    result = tools["result"].input_schema["properties"]
    assert {"bibtex", "ris", "csl-json", "md"} <= set(result["format"]["enum"])
    assert tools["status"].input_schema["properties"]["job_id"]["pattern"] == "^[0-9a-f]{32}$"


async def test_cite_returns_what_deepref_cite_prints():
    cli = subprocess.run(
        [sys.executable, "-m", "deepref.cli.main", "cite"],
        input=json.dumps(DOC),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env=plain_env(),
    )
    assert cli.returncode == 0, cli.stderr
    async with stdio_session(plain_env()) as session:
        result = await session.call_tool("cite", DOC)
    assert not result.is_error, text_of(result)
    assert result.structured_content == json.loads(cli.stdout)
    assert json.loads(text_of(result)) == json.loads(cli.stdout)


async def test_bad_inputs_are_tool_errors_with_the_cli_messages(tmp_path):
    async with stdio_session(plain_env()) as session:
        cases = [
            ("cite", {"answer": "x", "sources": [{"id": 1, "title": "t", "text": "t"}]}, "sources.0.url"),
            ("cite", {**DOC, "options": {"style": "fancy"}}, "options.style: choose one of"),
            ("cite", {"answer": "x", "sources": [{"id": True, "url": "u", "title": "t", "text": "t"}]}, "sources.0.id"),
            ("research", {"question": ""}, "at least 1 character"),
            ("research", {"question": "q", "options": {"max_pages": 0}}, "greater than or equal to 1"),
            ("research", {"question": "q", "options": {"corpus_dir": str(tmp_path / "nope")}}, "no such folder"),
            # over stdio the caller is the operator: no DEEPREF_ALLOWED_* list applies, and
            # what the pick lacks here is named with its fix
            ("research", {"question": "q", "options": {"embedder": "openai"}}, "needs DEEPREF_EMBEDDING_BASE_URL"),
            ("status", {"job_id": "../../etc"}, "job_id"),
            ("result", {"job_id": "0" * 32, "format": "docx"}, "format"),
            ("result", {"job_id": "0" * 32, "format": "json", "style": "apa"}, "--style applies to md, html and text"),
        ]
        for tool, arguments, message in cases:
            result = await session.call_tool(tool, arguments)
            text = text_of(result)
            assert result.is_error, (tool, arguments, text)
            assert message in text and "Traceback" not in text, (tool, text)
            assert not text.startswith("Error executing tool")


async def test_research_in_process_with_progress_notifications():
    progress: list[tuple[float, float | None, str | None]] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append((value, total, message))

    async with stdio_session(plain_env()) as session:
        result = await session.call_tool(
            "research",
            {"question": QUESTION, "options": {"corpus_dir": str(CORPUS)}, "style": "apa"},
            progress_callback=on_progress,
        )
    assert not result.is_error, text_of(result)
    data = result.structured_content
    assert data["job_id"] is None and data["answer_mode"] == "extractive"
    assert data["references"] and "[^1]" in data["answer"]
    assert "[^1]: How deepref footnotes work. (n.d.)." in data["markdown"]  # APA definitions
    messages = [m for _, _, m in progress]
    assert messages == ["searching", "fetching", "chunking", "generating", "referencing", "done"]
    values = [v for v, _, _ in progress]
    assert values == sorted(values) and values[-1] == 1.0 and all(t == 1.0 for _, t, _ in progress)


async def test_finished_reports_are_resources(tmp_path):
    (tmp_path / "reports.yaml").write_text(
        "reports:\n  - name: brief\n    title: Brief\n    questions:\n"
        f"      - {QUESTION}\n    options: {{provider: local, corpus_dir: {json.dumps(str(CORPUS))}}}\n"
    )
    env = plain_env(DEEPREF_REPORTS_FILE=str(tmp_path / "reports.yaml"), DEEPREF_REPORTS_DIR=str(tmp_path / "out"))
    made = subprocess.run(
        [sys.executable, "-m", "deepref.cli.main", "reports", "run", "brief", "--local"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env=env,
    )
    assert made.returncode == 0, made.stderr
    (run,) = [p.name for p in (tmp_path / "out" / "brief").iterdir() if p.is_dir()]
    async with stdio_session(env) as session:
        resources = {str(r.uri): r for r in (await session.list_resources()).resources}
        base = f"deepref://reports/brief/{run}"
        assert {f"{base}/report.md", f"{base}/report.json", f"{base}/references.bib"} <= set(resources)
        assert resources[f"{base}/report.md"].mime_type == "text/markdown"
        md = (await session.read_resource(f"{base}/report.md")).contents[0]
        assert md.text.startswith("# Brief") and "[^1]" in md.text
        bib = (await session.read_resource(f"{base}/references.bib")).contents[0]
        assert bib.mime_type == "application/x-bibtex"
        assert bibtexparser.parse_string(bib.text).entries
        for missing in (f"{base}/secrets.txt", "deepref://reports/brief/nope/report.md", f"{base}/../../x/report.md"):
            with pytest.raises(MCPError):
                await session.read_resource(missing)


@pytest.mark.redis
@pytest.mark.worker
async def test_queued_tools_against_redis_and_a_real_worker(worker_env, start_worker, searxng_server, web_site):
    searxng_server.fake.default = [{"url": web_site.url("/article"), "title": "Tides", "content": ""}]
    start_worker("mcp")
    progress: list[str | None] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        progress.append(message)

    async with stdio_session(worker_env, "--research", "auto") as session:  # DEEPREF_REDIS_URL set: queued
        submitted = await session.call_tool("submit", {"question": "When did La Rance open?"})
        assert not submitted.is_error, text_of(submitted)
        job_id = submitted.structured_content["id"]
        status = await session.call_tool("status", {"job_id": job_id})
        assert status.structured_content["id"] == job_id and "result" not in status.structured_content
        answer = await session.call_tool("result", {"job_id": job_id, "wait": True, "timeout": 60})
        assert not answer.is_error, text_of(answer)
        assert "[^1]" in text_of(answer) and "1966" in text_of(answer)
        bib = await session.call_tool("result", {"job_id": job_id, "format": "bibtex"})
        entries = bibtexparser.parse_string(text_of(bib)).entries
        assert entries and entries[0]["title"] == "Tidal Power Explained"
        done = await session.call_tool("status", {"job_id": job_id})
        assert done.structured_content["state"] == "done" and done.structured_content["has_result"]
        for fmt in ("pdf", "docx"):  # the file, read back by independent readers
            exported = await session.call_tool("export", {"job_id": job_id, "format": fmt})
            assert not exported.is_error, text_of(exported)
            (block,) = exported.content
            assert block.resource.mime_type == MEDIA_TYPES[fmt] and block.resource.uri.endswith(f"report.{fmt}")
            data = base64.b64decode(block.resource.blob)
            if fmt == "pdf":
                text = read_pdf(data).text
            else:
                facts = read_docx(data)
                text = facts.body + " ".join(f.text for f in facts.footnotes)
            assert "Tidal Power Explained" in text or "1966" in text, text[:500]
        pending = await session.call_tool("export", {"job_id": "0" * 32})
        assert pending.is_error and "never submitted" in text_of(pending)

        queued = await session.call_tool(
            "research", {"question": "How large is La Rance?", "wait_seconds": 60}, progress_callback=on_progress
        )
        assert not queued.is_error, text_of(queued)
        assert queued.structured_content["job_id"] and queued.structured_content["references"]
        assert progress[0].startswith("queued as job") and any(m.startswith("done") for m in progress)

        missing = await session.call_tool("result", {"job_id": "0" * 32})
        assert missing.is_error and "never submitted" in text_of(missing)


# --------------------------------------------------------------------------- streamable HTTP
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def http_server(tmp_path):
    started: list[tuple[subprocess.Popen, object]] = []

    def start(*args: str, **env: str) -> str:
        port = _free_port()
        log = open(tmp_path / f"mcp-http-{port}.log", "w")  # noqa: SIM115 - closed with the process
        proc = subprocess.Popen(
            [sys.executable, "-m", "deepref.cli.main", "mcp", "--http", "--port", str(port), *args],
            cwd=REPO,
            env=plain_env(**env),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        started.append((proc, log))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert proc.poll() is None, (tmp_path / f"mcp-http-{port}.log").read_text()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return f"http://127.0.0.1:{port}/mcp"
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("deepref mcp --http did not listen")

    yield start
    for proc, log in started:
        proc.terminate()
        proc.wait(10)
        log.close()


async def test_streamable_http_requires_the_token_when_one_is_set(http_server):
    url = http_server(DEEPREF_API_TOKEN=TOKEN)
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    async with httpx2.AsyncClient() as plain:
        refused = await plain.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers=headers)
        assert refused.status_code == 401 and "bearer token" in refused.json()["error"]["message"]
        rebinding = await plain.post(
            url, json={}, headers={**headers, "Authorization": f"Bearer {TOKEN}", "Host": "evil.example:80"}
        )
        assert rebinding.status_code == 421  # a Host this server does not serve (DNS rebinding)

    client = create_mcp_http_client(headers={"Authorization": f"Bearer {TOKEN}"})
    async with (
        client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        assert "cite" in {t.name for t in (await session.list_tools()).tools}
        cited = await session.call_tool("cite", DOC)
        assert not cited.is_error and cited.structured_content["references"]
        # over HTTP a caller may not make the server read any folder it names
        for outside in ("/etc", str(CORPUS)):
            refused = await session.call_tool("research", {"question": "q", "options": {"corpus_dir": outside}})
            assert refused.is_error and "DEEPREF_API_CORPUS_ROOTS" in text_of(refused)


def test_streamable_http_refuses_a_public_address_without_a_token():
    out = subprocess.run(
        [sys.executable, "-m", "deepref.cli.main", "mcp", "--http", "--host", "0.0.0.0", "--port", str(_free_port())],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env=plain_env(),
    )
    assert out.returncode == 1 and "refusing to listen on 0.0.0.0 without an API token" in out.stderr


@pytest.mark.parametrize("transport", [(), ("--http", "--port", "1")])
def test_mcp_refuses_to_start_with_a_short_secret(transport):
    """The rule of every secret (worker/credentials.py), on either transport."""
    out = subprocess.run(
        [sys.executable, "-m", "deepref.cli.main", "mcp", *transport],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env=plain_env(DEEPREF_WEBHOOK_SECRET="short"),
        stdin=subprocess.DEVNULL,
    )
    assert out.returncode == 1, out
    assert "DEEPREF_WEBHOOK_SECRET is 5 characters long; use at least 32" in out.stderr
    assert "secrets.token_urlsafe(32)" in out.stderr and "Traceback" not in out.stderr


async def test_mcp_and_the_api_refuse_bad_folders_and_names_alike(
    http_server, tmp_path, redis_client, redis_url, key_prefix
):
    """One corpus and name check (worker/confine.py): the same bad input gets the same
    one-line message from the API and from MCP over HTTP, no traceback, and no log
    line repeats a 5,000-character name."""
    from aiohttp.test_utils import TestClient, TestServer

    from deepref.api.app import create_app
    from deepref.worker.settings import Settings

    root = tmp_path / "corpora"
    root.mkdir()
    (root / "loop").symlink_to(root / "loop")
    roots = json.dumps([str(root)])
    bad = [str(root / "a\0b"), "~nosuchuser/docs", str(root / "loop"), str(root / "loop" / "x"), "/etc", "x" * 5000]

    api = TestClient(
        TestServer(create_app(Settings(redis_url=redis_url, key_prefix=key_prefix, api_corpus_roots=[root])))
    )
    await api.start_server()
    try:
        api_says = {}
        for folder in bad:
            resp = await api.post("/v1/jobs", json={"question": "q", "options": {"corpus_dir": folder}})
            assert resp.status in (400, 403), (folder, await resp.text())
            api_says[folder] = (await resp.json())["error"]["message"]
        long_name = await api.get(f"/v1/reports/{'n' * 5000}/runs/r1")
        assert long_name.status == 404 and len((await long_name.json())["error"]["message"]) < 400
    finally:
        await api.close()

    url = http_server(DEEPREF_API_TOKEN=TOKEN, DEEPREF_API_CORPUS_ROOTS=roots, DEEPREF_REPORTS_DIR=str(tmp_path / "r"))
    client = create_mcp_http_client(headers={"Authorization": f"Bearer {TOKEN}"})
    async with (
        client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        for folder in bad:
            refused = await session.call_tool("research", {"question": "q", "options": {"corpus_dir": folder}})
            assert refused.is_error and text_of(refused) == api_says[folder], folder
            assert "\n" not in text_of(refused) and len(text_of(refused)) < 400
        # a remote caller: its picks within DEEPREF_ALLOWED_* (worker/jobs/limits.py), as the API's
        for options in ({"llm_model": "other"}, {"provider": "academic"}, {"embedder": "openai"}):
            refused = await session.call_tool("submit", {"question": "q", "options": options})
            assert refused.is_error and "is not allowed on this server" in text_of(refused), options
        with pytest.raises(MCPError) as missing:
            await session.read_resource(f"deepref://reports/{'n' * 5000}/r1/report.md")
        assert len(str(missing.value)) < 400
    log = next(tmp_path.glob("mcp-http-*.log")).read_text()
    assert "Traceback" not in log and "n" * 1000 not in log and "x" * 1000 not in log


async def test_queued_research_says_at_once_when_no_worker_answers(redis_client, redis_url, key_prefix):
    """Real Redis, no worker: the tool answers with how to start one instead of waiting
    out wait_seconds (bounded here, so a missing check fails on the message)."""
    env = plain_env(DEEPREF_REDIS_URL=redis_url, DEEPREF_KEY_PREFIX=key_prefix)
    async with stdio_session(env, "--research", "queued") as session:
        result = await session.call_tool("research", {"question": QUESTION, "wait_seconds": 20})
    text = text_of(result)
    assert result.is_error and text.startswith("no worker answers on the broker at redis://"), text
    assert "start one with 'deepref worker'" in text and "--research local" in text and "Traceback" not in text
    assert not redis_client.keys(f"{key_prefix}:job:*")  # nothing was queued for a worker that is not there
