"""Follow-up questions from the terminal and over MCP: the parent is a job a real worker
answered on a real Redis; ``deepref research --follow-up`` answers in its own process
(the embedded runner), ``deepref submit --follow-up`` and MCP queue it. The local
search server must get no request when the thread's sources hold the question."""

from __future__ import annotations

import json
import re

import pytest

from tests.api.test_followups import HELD, NOT_HELD, PARENT, check_cited
from tests.cli.test_mcp import stdio_session, text_of
from tests.cli.test_plans import deepref

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(240)]

MISBEHAVING = (  # a number naming no source, and a claim with no marker
    "The tidal lagoon costs reach hundreds of million pounds [{unknown}].\n"
    "Tidal lagoons hold water behind a sea wall and release it through turbines."
)


def answered(env: dict[str, str], *args: str) -> dict:
    done = deepref(env, *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def parent(worker_env, start_worker, topic_site, searxng_server) -> tuple[str, dict]:
    """A job the worker answered: its id and its result."""
    start_worker("followups-cli")
    job_id = deepref(worker_env, "submit", PARENT).stdout.strip()
    return job_id, answered(worker_env, "result", job_id, "--wait", "--timeout", "90", "--format", "json")


def test_embedded_follow_up_reads_the_parent_on_redis_and_searches_nothing(
    parent, worker_env, searxng_server, topic_site, openai_server
):
    job_id, first = parent
    openai_server.fake.script("million pounds", MISBEHAVING)
    searched, fetched = list(searxng_server.fake.queries), sum(topic_site.site.hits.values())
    out = deepref(worker_env, "research", HELD, "--follow-up", job_id, "--format", "json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert searxng_server.fake.queries == searched and sum(topic_site.site.hits.values()) == fetched
    assert result["followup"]["parent"] == job_id and result["followup"]["searched"] is False
    assert f"[searching] follow-up of job {job_id}: its {len(first['sources'])} sources suffice" in out.stderr
    check_cited(result)
    before = {r["url"]: r["n"] for r in first["references"]}
    assert all(r["n"] == before.get(r["url"], r["n"]) for r in result["references"])
    assert all(r["n"] > max(before.values()) for r in result["references"] if r["url"] not in before)
    markdown = deepref(worker_env, "research", HELD, "--follow-up", job_id)
    assert markdown.returncode == 0 and "[^" in markdown.stdout

    # what it costs: the conversation counted in the estimate made before the call
    poor = {**worker_env, "DEEPREF_LLM_PRICES": '{"fake": {"input": 2.0, "output": 8.0}}'}
    priced = answered(poor, "research", HELD, "--follow-up", job_id, "--format", "json")["usage"]
    assert priced["model_calls"] == 1 and 0 < priced["cost"] <= priced["estimated_cost"]
    # the follow-up's own budget holds: too small for the model, the answer is extractive
    asked = len(openai_server.fake.requests)
    cheap = answered(poor, "research", HELD, "--follow-up", job_id, "--max-cost", "0.000001", "--format", "json")
    assert cheap["answer_mode"] == "extractive" and cheap["usage"]["model_calls"] == 0
    assert any("the model was not asked: cost budget" in w for w in cheap["warnings"]), cheap["warnings"]
    assert not [r for r in openai_server.fake.requests[asked:] if r["path"].endswith("/chat/completions")]
    check_cited(cheap)
    assert searxng_server.fake.queries == searched

    # clear errors: an unknown job, one not done, options that are the parent's
    unknown = deepref(worker_env, "research", HELD, "--follow-up", "0" * 32)
    assert unknown.returncode == 1 and f"no job '{'0' * 32}'" in unknown.stderr
    waiting = deepref(worker_env, "submit", PARENT, "--depth", "standard", "--approve-plan").stdout.strip()
    pending = deepref(worker_env, "research", HELD, "--follow-up", waiting)  # it never ends unless approved
    assert pending.returncode == 1 and f"not done: wait until it is done (deepref result {waiting} --wait)" in (
        pending.stderr
    ), pending.stderr
    mixed = deepref(worker_env, "research", HELD, "--follow-up", job_id, "--depth", "deep", "--provider", "arxiv")
    assert mixed.returncode == 2
    assert "--follow-up answers with its parent job's options: drop --provider, --depth" in mixed.stderr


async def test_submitted_follow_up_and_the_mcp_tool(parent, worker_env, searxng_server):
    job_id, _ = parent
    queued = deepref(worker_env, "submit", NOT_HELD, "--follow-up", job_id)
    assert queued.returncode == 0, queued.stderr
    child = queued.stdout.strip()
    result = answered(worker_env, "result", child, "--wait", "--timeout", "90", "--format", "json")
    assert result["followup"]["searched"] is True and NOT_HELD in searxng_server.fake.queries
    status = deepref(worker_env, "status", child)
    assert json.loads(status.stdout)["parent"] == job_id
    assert "sources do not suffice" in status.stderr or "done" in status.stderr

    searched = list(searxng_server.fake.queries)
    for mode in ("auto", "local"):  # queued on the worker, then in the MCP server's process
        async with stdio_session(worker_env, "--research", mode) as session:
            said = await session.call_tool("follow_up", {"job_id": child, "question": HELD})
        assert not said.is_error, text_of(said)
        data = said.structured_content
        assert data["followup"]["parent"] == child and data["followup"]["searched"] is False
        assert [t["job_id"] for t in data["followup"]["turns"]] == [job_id, child]
        assert re.search(r"\[\^\d+\]", data["markdown"])
        assert (data["job_id"] is not None) == (mode == "auto")
    assert searxng_server.fake.queries == searched


def test_a_report_run_followed_up_from_the_terminal(parent, worker_env, client_for, searxng_server, tmp_path):
    from deepref.reports.assemble import assemble
    from deepref.reports.followups import parent_id
    from deepref.reports.store import ReportStore

    job_id, _ = parent
    result = client_for(worker_env).result(job_id).model_dump(mode="json")
    run = {"name": "tides", "title": "Tidal power", "run": "2025-01-01T00-00", "slot": None, "status": "done"}
    report = {**run, "started_at": 1.0, "finished_at": 2.0, "references": []}
    report["sections"] = [{"question": PARENT, "status": "done", "job_id": job_id, "result": result}]
    assemble(report)
    report.pop("_merged_refs")
    ReportStore(tmp_path).save(report)
    env = {**worker_env, "DEEPREF_REPORTS_DIR": str(tmp_path)}
    searched = list(searxng_server.fake.queries)
    data = answered(env, "research", HELD, "--follow-up", "tides/2025-01-01T00-00", "--format", "json")
    assert data["followup"]["parent"] == parent_id("tides", "2025-01-01T00-00")
    assert data["followup"]["searched"] is False and searxng_server.fake.queries == searched
    assert data["followup"]["turns"][0]["question"] == "Tidal power"
    check_cited(data)
    missing = deepref(env, "research", HELD, "--follow-up", "tides/2024-01-01T00-00")
    assert missing.returncode == 1 and "no run '2024-01-01T00-00' of report 'tides'" in missing.stderr
