"""Random requests against a real ``deepref serve``: whatever a client sends, the answer
is a JSON error or success with a status below 500 (issue 9, item 9).

Hypothesis (already a test dependency) rather than schemathesis: the inputs that
broke the API were bytes, nesting and ids, which a handful of strategies cover.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = [pytest.mark.redis, pytest.mark.timeout(300)]

FUZZ = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture], database=None
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=30,
)
options = st.dictionaries(
    st.sampled_from(["max_pages", "allow_hosts", "deny_hosts", "corpus_dir", "provider", "sub_queries", "x"]),
    json_values,
    max_size=4,
)
bodies = (
    st.binary(max_size=300)
    | json_values.map(lambda v: json.dumps(v).encode())
    | st.builds(lambda q, o: json.dumps({"question": q, "options": o}).encode(), json_values, options)
    | st.integers(1, 3000).map(lambda n: b"[" * n + b"]" * n)
)
# what an HTTP parser lets through to the app (aiohttp itself answers 400 to DEL and controls)
header_text = st.text(st.characters(min_codepoint=32, max_codepoint=255, blacklist_characters="\x7f"), max_size=40)
path_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)


def _call(method: str, url: str, body: bytes | None = None, headers: dict | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as resp:
            return resp.status, resp.read(200) if "event-stream" not in resp.headers["Content-Type"] else b"{}"
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, exc.read()


def _assert_handled(status: int, body: bytes, what) -> None:
    assert status < 500, (what, status, body[:300])
    if status >= 400:
        assert "error" in json.loads(body), (what, body[:300])


@pytest.fixture
def api_url(serve) -> str:
    return serve().base_url


def test_random_job_bodies(api_url):
    @FUZZ
    @given(body=bodies, content_type=st.sampled_from(["application/json", "application/json; charset=utf-8"]))
    def check(body: bytes, content_type: str) -> None:
        status, answer = _call("POST", f"{api_url}/v1/jobs", body, {"Content-Type": content_type})
        _assert_handled(status, answer, body)

    check()


def test_random_ids_and_event_ids(api_url):
    @FUZZ
    @given(job=path_text, last=header_text, suffix=st.sampled_from(["", "/events"]))
    def check(job: str, last: str, suffix: str) -> None:
        url = f"{api_url}/v1/jobs/{urllib.parse.quote(job, safe='')}{suffix}"
        status, answer = _call("GET", url, headers={"Last-Event-ID": last} if last.strip() else {})
        _assert_handled(status, answer, (job, last))

    check()
