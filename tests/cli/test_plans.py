"""A plan to approve from the terminal and over MCP, against a real Redis, a real worker,
the local search and the fake model: the documented commands, run as written."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess

import pytest

from tests.cli.support import deepref as run_deepref
from tests.cli.test_mcp import stdio_session, text_of

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

Q = "What do tidal lagoon costs depend on?"


def deepref(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return run_deepref(*args, env=env)


def test_research_approve_plan_then_approve_an_edited_plan_file(
    worker_env, start_worker, topic_site, searxng_server, openai_server, tmp_path
):
    openai_server.fake.researcher.behave("tidal lagoon", rounds=1, ambiguous=True)
    start_worker("plans-cli")
    asked = deepref(worker_env, "research", Q, "--depth", "standard", "--rounds", "1", "--approve-plan")
    assert asked.returncode == 0, asked.stderr
    job_id = re.search(r"queued as job ([0-9a-f]{32})", asked.stderr).group(1)
    assert "awaits approval until" in asked.stderr and f"deepref approve {job_id} --plan FILE" in asked.stderr
    assert "the planner asks: Which country do you mean?" in asked.stderr
    plan = json.loads(asked.stdout)
    assert plan["queries"] == [f"{Q} proposed a", f"{Q} proposed b"]
    assert deepref(worker_env, "plan", job_id).stdout == asked.stdout  # the same plan, read again

    plan["queries"] = ["cli edited sea wall cost"]
    plan["clarifications"][0]["answer"] = "Wales"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**plan, "queries": []}))
    refused = deepref(worker_env, "approve", job_id, "--plan", str(bad))
    said = f"--plan {bad}: not a plan: invalid queries: List should have at least 1 item"
    assert refused.returncode == 2 and said in refused.stderr, refused.stderr
    edited = tmp_path / "plan.json"
    edited.write_text(json.dumps(plan))
    approved = deepref(worker_env, "approve", job_id, "--plan", str(edited))
    assert approved.returncode == 0, approved.stderr
    assert f"job {job_id}: approved, queued; follow it with: deepref result {job_id} --follow" in approved.stdout

    result = deepref(worker_env, "result", job_id, "--wait", "--timeout", "90", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deep"]["rounds"][0]["queries"] == ["cli edited sea wall cost"]
    assert "cli edited sea wall cost" in searxng_server.fake.queries

    again = deepref(worker_env, "approve", job_id)
    assert again.returncode == 1 and "its plan was approved already" in again.stderr
    quick = deepref(worker_env, "submit", "What is BM25?").stdout.strip()
    none = deepref(worker_env, "plan", quick)
    assert none.returncode == 1 and "was submitted without --approve-plan" in none.stderr


async def test_mcp_plan_and_approve_tools(worker_env, start_worker, topic_site, searxng_server, openai_server):
    openai_server.fake.researcher.behave("tidal lagoon", rounds=1)
    start_worker("plans-mcp")
    options = {"depth": "standard", "approve_plan": True, "budget": {"rounds": 1}}
    async with stdio_session(worker_env, "--research", "auto") as session:
        tools = {t.name for t in (await session.list_tools()).tools}
        assert {"plan", "approve"} <= tools
        waits = await session.call_tool("research", {"question": Q, "options": options})
        assert waits.is_error and "call submit, then plan and approve" in text_of(waits)
        job_id = (await session.call_tool("submit", {"question": Q, "options": options})).structured_content["id"]
        for _ in range(300):
            shown = await session.call_tool("plan", {"job_id": job_id})
            if not shown.is_error and shown.structured_content["state"] == "awaiting_approval":
                break
            assert "still planning" in text_of(shown), text_of(shown)
            await asyncio.sleep(0.2)
        assert shown.structured_content["plan"]["queries"][0].endswith("proposed a")

        bad = await session.call_tool("approve", {"job_id": job_id, "plan": {"queries": []}})
        assert bad.is_error and "queries" in text_of(bad)
        edited = {"queries": ["mcp edited turbine cost"], "outline": ["Turbines"]}
        approved = await session.call_tool("approve", {"job_id": job_id, "plan": edited})
        assert not approved.is_error and approved.structured_content == {"id": job_id, "state": "queued"}
        answer = await session.call_tool("result", {"job_id": job_id, "wait": True, "timeout": 90, "format": "json"})
        assert not answer.is_error, text_of(answer)
        assert json.loads(text_of(answer))["deep"]["rounds"][0]["queries"] == ["mcp edited turbine cost"]
        again = await session.call_tool("approve", {"job_id": job_id})
        assert again.is_error and "approved already" in text_of(again)
