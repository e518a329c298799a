"""The API's security model (issue 9, items 4 to 10) against a real ``deepref serve``
subprocess on loopback, with the test's Redis db and key prefix."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import textwrap

import aiohttp
import pytest
import yaml

from deepref.api.security import CSP, EventTokens, check_listen, host_name
from deepref.reference.html import answer_html, html_page
from deepref.worker.settings import Settings
from tests.conftest import REPO

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

TOKEN = "t" * 20 + "-0123456789abcdef"  # 37 characters
AUTH = {"Authorization": f"Bearer {TOKEN}"}
JSON = {"Content-Type": "application/json"}


async def _submit(session: aiohttp.ClientSession, base: str, headers=None) -> dict:
    resp = await session.post(f"{base}/v1/jobs", json={"question": "What is BM25?"}, headers=headers)
    assert resp.status == 202, await resp.text()
    return await resp.json()


async def _first_event(session: aiohttp.ClientSession, url: str, headers=None) -> tuple[int, dict | None]:
    async with session.get(url, headers=headers) as resp:
        if resp.status != 200:
            return resp.status, None
        async for line in resp.content:
            if line.startswith(b"data: "):
                return resp.status, json.loads(line[6:])
    return resp.status, None


# --------------------------------------------------------------------------- 4, 5: startup
def _serve_exits(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    """Run ``deepref serve`` expecting a refusal before it binds anything."""
    argv = [sys.executable, "-m", "deepref.cli.main", "serve", "--port", "1", *args]
    return subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.10", "api.example.org"])
def test_serve_refuses_a_public_address_without_a_token(worker_env, host):
    done = _serve_exits(worker_env, "--host", host)
    assert done.returncode == 1, done
    assert "refusing to listen" in done.stderr and "DEEPREF_API_TOKEN" in done.stderr
    assert "--insecure-no-auth" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("token", ["", "short", "x" * 31])
def test_serve_refuses_a_token_too_short_to_be_one(worker_env, token):
    done = _serve_exits({**worker_env, "DEEPREF_API_TOKEN": token}, "--host", "127.0.0.1")
    assert done.returncode == 1, done
    assert f"DEEPREF_API_TOKEN is {len(token)} characters long" in done.stderr
    assert "secrets.token_urlsafe(32)" in done.stderr


def test_check_listen():
    token = Settings(api_token="y" * 32)
    assert check_listen("0.0.0.0", token) == []
    for loopback in ("127.0.0.1", "::1", "[::1]", "localhost", "127.5.0.1"):
        assert check_listen(loopback, Settings()) == []
    assert "INSECURE" in check_listen("0.0.0.0", Settings(), insecure_no_auth=True)[0]


@pytest.mark.skipif(not shutil.which("unshare"), reason="util-linux unshare is not installed")
def test_insecure_no_auth_is_loud(worker_env, tmp_path):
    """--insecure-no-auth on 0.0.0.0, inside a network namespace of its own (so the
    open API is reachable from nowhere): a warning at startup and in /healthz."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        textwrap.dedent(
            f"""
            import json, subprocess, sys, time, urllib.error, urllib.request
            proc = subprocess.Popen([{sys.executable!r}, "-m", "deepref.cli.main", "serve", "--host", "0.0.0.0",
                                     "--port", "8000", "--insecure-no-auth"], stderr=subprocess.PIPE, text=True)
            try:
                for _ in range(200):
                    try:
                        urllib.request.urlopen("http://127.0.0.1:8000/healthz", timeout=5)
                    except urllib.error.HTTPError as exc:  # 503: no Redis in here
                        print(exc.read().decode()); break
                    except OSError:
                        time.sleep(0.1)
            finally:
                proc.terminate()
                print(proc.communicate(timeout=20)[1], file=sys.stderr)
            """
        )
    )
    argv = ["unshare", "--net", "sh", "-c", f"ip link set lo up && {sys.executable} {probe}"]
    done = subprocess.run(argv, cwd=REPO, env=worker_env, capture_output=True, text=True, timeout=90)
    if done.returncode != 0 and "Operation not permitted" in done.stderr and not os.environ.get("CI"):
        pytest.skip("cannot create a network namespace here (CI runs as root and does not skip)")
    health = json.loads(done.stdout.strip().splitlines()[-1])
    assert "INSECURE" in health["warnings"][0] and "0.0.0.0" in health["warnings"][0]
    assert "deepref: WARNING: INSECURE: listening on 0.0.0.0" in done.stderr


def test_docker_compose_requires_a_token():
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    api = compose["services"]["api"]
    assert api["environment"]["DEEPREF_API_TOKEN"].startswith("${DEEPREF_API_TOKEN:?")
    assert api["environment"]["DEEPREF_REDIS_URL"]  # the shared settings are still there
    assert all(p.startswith("127.0.0.1:") for p in api["ports"])


# --------------------------------------------------------------------------- 5, 7: auth and tokens
async def test_bearer_token_and_per_job_event_tokens(serve, key_prefix):
    server = serve(DEEPREF_API_TOKEN=TOKEN)
    base = server.base_url
    async with aiohttp.ClientSession() as http:
        assert (await http.get(f"{base}/v1/reports")).status == 401
        assert (await http.get(f"{base}/v1/reports", headers={"Authorization": "Bearer " + TOKEN[:-1]})).status == 401
        assert (await http.get(f"{base}/v1/reports", headers=AUTH)).status == 200
        in_url = await http.get(f"{base}/v1/reports?access_token={TOKEN}")
        assert in_url.status == 401 and "not accepted in a URL" in (await in_url.json())["error"]["message"]

        job = await _submit(http, base, AUTH)
        other = await _submit(http, base, AUTH)
        events = job["urls"]["events"]
        assert "?token=" in events and TOKEN not in events
        status, first = await _first_event(http, base + events)  # no header: the URL's token opens it
        assert status == 200 and first["state"] == "queued"
        # the events token opens that job's stream only: not another job's, not the API
        token = events.split("?token=")[1]
        assert (await _first_event(http, f"{base}/v1/jobs/{other['id']}/events?token={token}"))[0] == 401
        assert (await http.get(f"{base}/v1/jobs/{job['id']}?token={token}")).status == 401
        assert (await _first_event(http, f"{base}/v1/jobs/{job['id']}/events?token=1.{token[2:]}"))[0] == 401
        assert (await _first_event(http, f"{base}/v1/jobs/{job['id']}/events", AUTH))[0] == 200
        # GET /v1/jobs/{id} hands out a fresh one
        fresh = (await (await http.get(f"{base}/v1/jobs/{job['id']}", headers=AUTH)).json())["urls"]["events"]
        assert (await _first_event(http, base + fresh))[0] == 200
    log = server.log()
    assert "/v1/jobs/" in log and "token=***" in log and "access_token=***" in log
    assert TOKEN not in log and token not in log


def test_event_tokens_expire_and_bind_to_their_job():
    tokens = EventTokens("k" * 32, lifetime_seconds=60)
    token = tokens.issue("a" * 32, now=1000)
    assert tokens.valid("a" * 32, token, now=1059)
    assert not tokens.valid("a" * 32, token, now=1061)
    assert not tokens.valid("b" * 32, token, now=1000)
    assert not EventTokens("j" * 32, 60).valid("a" * 32, token, now=1000)  # another API token
    for bad in ("", ".", "1060", "１０６０." + token.split(".")[1], "1060.é", token + "x"):
        assert not tokens.valid("a" * 32, bad, now=1000)


# --------------------------------------------------------------------------- 6: Host, Origin, content type
async def test_host_origin_and_content_type_checks(serve):
    server = serve(DEEPREF_API_ALLOWED_ORIGINS='["https://app.example.org"]')
    base, port = server.base_url, server.port
    async with aiohttp.ClientSession() as http:
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", "LOCALHOST"):
            assert (await http.get(f"{base}/v1/reports", headers={"Host": host})).status == 200, host
        for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", "localhost:x", ""):
            resp = await http.get(f"{base}/v1/reports", headers={"Host": host})
            assert resp.status == 421, host
            assert "DEEPREF_API_ALLOWED_HOSTS" in (await resp.json())["error"]["message"]
        page = await http.get(f"{base}/", headers={"Host": "rebound.attacker.example"})
        assert page.status == 421  # the pages too: a rebinding page must not read them

        same = {"Origin": f"http://127.0.0.1:{port}"}
        assert (await http.post(f"{base}/v1/jobs", json={"question": "q?"}, headers=same)).status == 202
        for origin in ("https://evil.example", "null", f"http://127.0.0.1:{port + 1}"):
            resp = await http.post(f"{base}/v1/jobs", json={"question": "q?"}, headers={"Origin": origin})
            assert resp.status == 403, origin
            assert "DEEPREF_API_ALLOWED_ORIGINS" in (await resp.json())["error"]["message"]
        app = {"Origin": "https://app.example.org"}
        preflight = await http.options(f"{base}/v1/jobs", headers={**app, "Access-Control-Request-Method": "POST"})
        assert preflight.status == 204 and "Authorization" in preflight.headers["Access-Control-Allow-Headers"]
        allowed = await http.post(f"{base}/v1/jobs", json={"question": "q?"}, headers=app)
        assert allowed.status == 202 and allowed.headers["Access-Control-Allow-Origin"] == "https://app.example.org"

        body = json.dumps({"question": "q?"})
        for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
            headers = {"Content-Type": ctype} if ctype else {}
            resp = await http.post(
                f"{base}/v1/jobs", data=body.encode(), headers=headers, skip_auto_headers=["Content-Type"]
            )
            assert resp.status == 415, ctype
            assert "application/json" in (await resp.json())["error"]["message"]
        latin = {"Content-Type": "application/json; charset=latin-1"}
        assert (await http.post(f"{base}/v1/jobs", data=body, headers=latin)).status == 415
        utf8 = {"Content-Type": "application/json; charset=UTF-8"}
        assert (await http.post(f"{base}/v1/jobs", data=body, headers=utf8)).status == 202


def test_host_name():
    assert host_name("[::1]:8000") == "::1" and host_name("Example.ORG.") == "example.org"
    assert host_name("localhost:8000") == "localhost" and host_name("127.0.0.1") == "127.0.0.1"
    for bad in (None, "", "[::1", "[::1]x", "a:b", ":80", "a:123456"):
        assert host_name(bad) is None, bad


# --------------------------------------------------------------------------- 9: malformed requests
async def test_malformed_requests_get_400_never_5xx(serve):
    server = serve()
    base = server.base_url
    async with aiohttp.ClientSession() as http:
        job = (await _submit(http, base))["id"]
        deep = "[" * 5000 + "]" * 5000
        cases = [
            ("POST", "/v1/jobs", b"\xff\xfe{}", 400, "not valid UTF-8"),
            ("POST", "/v1/jobs", b'{"question": "\xc3\x28"}', 400, "not valid UTF-8"),
            ("POST", "/v1/jobs", deep.encode(), 400, "nested"),
            ("POST", "/v1/jobs", ('{"question": ' + deep + "}").encode(), 400, "nested"),
            ("POST", "/v1/jobs", b'{"question": "q", "options": {"corpus_dir": "a\\u0000b"}}', 400, "null byte"),
            ("POST", "/v1/jobs", b"", 400, "not valid JSON"),
            ("POST", "/v1/jobs", b"[]", 422, ""),
            ("POST", "/v1/jobs", b'"x"', 422, ""),
            ("POST", "/v1/jobs", b"null", 422, ""),
            ("POST", "/v1/jobs", b'{"question": "q\\u0000"}', 422, ""),
            ("POST", "/v1/jobs", b'{"question": "\\ud800"}', 422, ""),
            ("POST", "/v1/jobs", b'{"question": "q", "options": {"max_pages": 1e999}}', 422, ""),
            ("POST", "/v1/jobs", b'{"question": "q", "options": {"allow_hosts": "x"}}', 422, ""),
            ("POST", "/v1/jobs", b"NaN", 422, ""),
            ("GET", f"/v1/jobs/{job}:events", None, 400, "not a job id"),
            ("GET", f"/v1/jobs/{job}:events/events", None, 400, "not a job id"),
            ("DELETE", f"/v1/jobs/{job}:artifact:x", None, 400, "not a job id"),
            ("GET", "/v1/jobs/%2e%2e", None, 404, "no route"),  # the client resolves it to /v1/
            ("GET", "/v1/jobs/%ff%fe", None, 400, "not a job id"),
            ("GET", "/v1/jobs/" + "a" * 5000, None, 400, "not a job id"),
            ("GET", f"/v1/jobs/{job.upper()}", None, 400, "not a job id"),
            ("GET", f"/v1/jobs/{job}/events?last_event_id=abc", None, 400, "not an event id"),
            ("GET", "/v1/reports/%00/runs/x", None, 404, ""),
            ("GET", "/v1/reports/a/runs/" + "b" * 5000, None, 404, ""),
        ]
        for last_event_id in ("abc", "1-2-3", "-1", "1" * 30, "$", "+", "1-x", "１２"):
            cases.append(("GET", f"/v1/jobs/{job}/events", ("Last-Event-ID", last_event_id), 400, "not an event id"))
        for method, path, body, status, message in cases:
            headers = dict(JSON)
            if isinstance(body, tuple):
                headers[body[0]] = body[1]
                body = None
            resp = await http.request(method, base + path, data=body, headers=headers)
            text = await resp.text()
            assert resp.status == status, (method, path, body, resp.status, text)
            error = json.loads(text)["error"]
            assert message in error["message"] and "Traceback" not in text
    assert "unhandled error" not in server.log() and "Traceback" not in server.log()


async def test_nothing_malformed_reaches_redis_as_another_key(serve, redis_client, key_prefix):
    """``<id>:events`` used to read the events stream as a job record and answer a misleading 503."""
    server = serve()
    async with aiohttp.ClientSession() as http:
        job = (await _submit(http, server.base_url))["id"]
        assert redis_client.type(f"{key_prefix}:job:{job}:events") == b"stream"
        resp = await http.get(f"{server.base_url}/v1/jobs/{job}:events")
        assert resp.status == 400


# --------------------------------------------------------------------------- 8: bounded streams
async def _open_stream(url: str, local: str) -> tuple[aiohttp.ClientSession, aiohttp.ClientResponse]:
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(local, 0), limit=0))
    resp = await session.get(url)
    return session, resp


async def _open_once_freed(
    url: str, local: str, timeout: float = 10
) -> tuple[aiohttp.ClientSession, aiohttp.ClientResponse]:
    """A stream opened as soon as the server has a slot for it again (asked again while
    it answers 429 or 503); fails after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        session, resp = await _open_stream(url, local)
        if resp.status == 200:
            return session, resp
        resp.close()
        await session.close()
        assert loop.time() < deadline, f"no stream slot freed within {timeout} s: still {resp.status}"
        await asyncio.sleep(0.05)


async def _stream_started(resp: aiohttp.ClientResponse) -> None:
    """Until the stream has sent its first event (it has read the job's events from Redis)."""
    async for line in resp.content:
        if line.startswith(b"data: "):
            return
    raise AssertionError("the stream ended before its first event")


async def test_streams_are_capped_in_all_per_client_and_in_time(serve):
    server = serve(
        DEEPREF_API_MAX_STREAMS="3", DEEPREF_API_MAX_STREAMS_PER_CLIENT="2", DEEPREF_API_STREAM_MAX_SECONDS="4"
    )
    base = server.base_url
    async with aiohttp.ClientSession() as http:
        job = await _submit(http, base)
        url = base + job["urls"]["events"]
        opened = [await _open_stream(url, "127.0.0.1") for _ in range(2)]
        try:
            assert [r.status for _, r in opened] == [200, 200]
            _, third = extra = await _open_stream(url, "127.0.0.1")
            opened.append(extra)
            assert third.status == 429 and third.headers["Retry-After"].isdigit()
            assert "DEEPREF_API_MAX_STREAMS_PER_CLIENT" in (await third.json())["error"]["message"]
            other = await _open_stream(url, "127.0.0.2")  # another client address
            opened.append(other)
            assert other[1].status == 200
            full = await _open_stream(url, "127.0.0.3")
            opened.append(full)
            assert full[1].status == 503 and full[1].headers["Retry-After"].isdigit()
            assert "DEEPREF_API_MAX_STREAMS" in (await full[1].json())["error"]["message"]
            assert (await http.get(base + job["urls"]["status"])).status == 200  # requests still served
            # each stream ends by itself after its lifetime, and frees its slot
            loop = asyncio.get_running_loop()
            start = loop.time()
            body = await asyncio.wait_for(opened[0][1].text(), 15)
            assert 3 <= loop.time() - start <= 10 and "event: state" in body
        finally:
            for session, resp in opened:
                resp.close()
                await session.close()
        again = await _open_once_freed(url, "127.0.0.1")  # the closed streams' slots are given back
        again[1].close()
        await again[0].close()


async def test_many_streams_do_not_starve_requests_or_the_redis_pool(serve, redis_client, key_prefix):
    """120 listeners (more than redis-py's default pool of 100, which used to run dry
    and turn every request into a 500) share a few Redis connections of their own."""
    n = 120
    server = serve(DEEPREF_API_MAX_STREAMS=str(n), DEEPREF_API_MAX_STREAMS_PER_CLIENT=str(n))
    base = server.base_url
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    try:
        job = await _submit(session, base)
        streams = await asyncio.gather(*(session.get(base + job["urls"]["events"]) for _ in range(n)))
        assert [r.status for r in streams] == [200] * n
        await asyncio.wait_for(asyncio.gather(*(_stream_started(r) for r in streams)), 30)  # every stream reads Redis
        answers = await asyncio.gather(*(session.get(base + job["urls"]["status"]) for _ in range(20)))
        assert [r.status for r in answers] == [200] * 20
        created = await session.post(f"{base}/v1/jobs", json={"question": "still open?"})
        assert created.status == 202
        clients = redis_client.client_list()
        mine = [c for c in clients if c.get("name") == f"{key_prefix}:api-events"]
        assert 1 <= len(mine) <= 4, len(mine)
        for resp in streams:
            resp.close()
    finally:
        await session.close()
    assert "unhandled error" not in server.log()


# --------------------------------------------------------------------------- 10: untrusted Markdown, CSP
async def test_every_response_carries_the_security_headers(serve):
    server = serve()
    base = server.base_url
    async with aiohttp.ClientSession() as http:
        job = (await _submit(http, base))["id"]
        for path in ("/", f"/jobs/{job}", "/reports/a/runs/b", "/static/viewer.js", "/v1/reports", "/nope"):
            resp = await http.get(base + path)
            assert resp.headers["Content-Security-Policy"] == CSP, path
            assert resp.headers["X-Content-Type-Options"] == "nosniff"
            assert resp.headers["Referrer-Policy"] == "no-referrer"
    for directive in ("default-src 'self'", "img-src 'self' data:", "object-src 'none'", "frame-ancestors 'none'"):
        assert directive in CSP
    assert "unsafe-inline" not in CSP
    viewer = "".join((REPO / "api" / "static" / name).read_text() for name in ("viewer.html", "index.html"))
    assert "<script>" not in viewer and "style=" not in viewer  # nothing inline for the CSP to block


def test_untrusted_markdown_loads_no_image_and_keeps_only_safe_links():
    hostile = (
        "Claim.[^1] ![pixel](https://tracker.example/p.gif) ![d](data:image/png;base64,AAAA) "
        "[x](javascript:alert(1)) [y](data:text/html,hi) [z](file:///etc/passwd) [v](vbscript:msgbox) "
        "[ok](https://a.example/) [mail](mailto:a@b.example) [rel](/jobs/1) <https://auto.example> "
        "<img src=x onerror=alert(1)>"
    )
    out = answer_html(hostile, [(6, 11, 1)])
    assert "<img" not in out and "onerror=alert" not in out.replace("&lt;img src=x onerror=alert(1)&gt;", "")
    assert 'href="https://tracker.example/p.gif"' in out  # a link to the image, never loaded
    for scheme in ("javascript:", "data:", "file:", "vbscript:"):
        assert f'href="{scheme}' not in out
    for href in ("https://a.example/", "mailto:a@b.example", "/jobs/1", "https://auto.example"):
        assert f'<a href="{href}" rel="noopener noreferrer nofollow">' in out
    assert '<sup class="fn"><a href="#ref-1"' in out
    page = html_page("t", out)
    assert 'http-equiv="Content-Security-Policy"' in page and "default-src 'none'" in page


async def test_open_streams_do_not_hold_a_stopping_server(serve):
    """aiohttp waits up to a minute for open handlers on shutdown; streams end at once."""
    server = serve()
    async with aiohttp.ClientSession() as http:
        job = await _submit(http, server.base_url)
        async with http.get(server.base_url + job["urls"]["events"]) as stream:
            await stream.content.readline()  # open and flowing
            loop = asyncio.get_running_loop()
            start = loop.time()
            server.proc.terminate()
            await asyncio.to_thread(server.proc.wait, 20)
            assert loop.time() - start < 8
            rest = await asyncio.wait_for(stream.read(), 5)
            assert b"event: state" in rest or rest == b""


# --------------------------------------------------------------------------- one rule for every secret
SHORT = "s" * 31


@pytest.mark.parametrize(
    ("field", "env"),
    [("api_token", "DEEPREF_API_TOKEN"), ("metrics_token", "DEEPREF_METRICS_TOKEN"),
     ("webhook_secret", "DEEPREF_WEBHOOK_SECRET")],
)  # fmt: skip
@pytest.mark.parametrize("value", ["", SHORT])
def test_the_api_refuses_to_start_with_an_empty_or_short_secret(field, env, value):
    from deepref.api.app import create_app
    from deepref.reference.errors import ConfigurationError

    with pytest.raises(ConfigurationError) as refused:
        create_app(Settings(**{field: value}))
    message = str(refused.value)
    assert message.startswith(f"{env} is {len(value)} characters long; use at least 32")
    assert "secrets.token_urlsafe(32)" in message and "\n" not in message


async def test_an_empty_metrics_token_does_not_open_metrics(aiohttp_client):
    """Empty compared with empty must not match: the server refuses the setting, and
    the comparison itself never matches an empty token."""
    from deepref.api.app import create_app
    from deepref.reference.errors import ConfigurationError
    from deepref.worker.credentials import token_matches

    with pytest.raises(ConfigurationError, match="DEEPREF_METRICS_TOKEN is 0 characters long"):
        create_app(Settings(metrics_token=""))
    assert not token_matches("", Settings(metrics_token="").metrics_token)
    assert not token_matches(None, None)


async def test_every_surface_reads_the_bearer_scheme_in_any_case(aiohttp_client):
    """RFC 9110: the scheme is case-insensitive; the API and /metrics read it as MCP does."""
    from deepref.api.app import create_app
    from deepref.worker.credentials import bearer_token

    http = await aiohttp_client(create_app(Settings(api_token=TOKEN)))
    for scheme in ("Bearer", "bearer", "BEARER"):
        resp = await http.get("/v1/jobs/not-an-id", headers={"Authorization": f"{scheme} {TOKEN}"})
        assert resp.status == 400, (scheme, await resp.text())  # past auth, at the id check
    assert (await http.get("/v1/jobs/not-an-id", headers={"Authorization": f"Basic {TOKEN}"})).status == 401
    assert bearer_token(b"bearer  abc ") == "abc" and bearer_token("Bearer ") is None and bearer_token(None) is None


# --------------------------------------------------------------------------- options only narrow
async def test_options_that_widen_are_refused_at_submit(aiohttp_client, redis_url, key_prefix):
    from deepref.api.app import create_app

    settings = Settings(redis_url=redis_url, key_prefix=key_prefix, search_provider="local")
    http = await aiohttp_client(create_app(settings))
    for options, message in [
        ({"llm_model": "someone-elses-model"}, "options.llm_model 'someone-elses-model' is not allowed"),
        (
            {"provider": "duckduckgo"},
            "options.provider 'duckduckgo' is not allowed on this server: choose one of local",
        ),
        ({"embedder": "openai"}, "DEEPREF_ALLOWED_EMBEDDERS"),
    ]:
        resp = await http.post("/v1/jobs", json={"question": "What is BM25?", "options": options})
        assert resp.status == 422, await resp.text()
        error = (await resp.json())["error"]
        assert error["type"] == "OptionNotAllowed" and message in error["message"], error


def test_the_api_refuses_to_start_with_a_search_provider_missing_its_key():
    """The key a configured provider needs is named at startup, not at the first job."""
    from deepref.api.app import create_app
    from deepref.reference.errors import ConfigurationError
    from deepref.worker.settings import Settings

    with pytest.raises(ConfigurationError, match="DEEPREF_TAVILY_API_KEY"):
        create_app(Settings(_env_file=None, search_provider="tavily"))
