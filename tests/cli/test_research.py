"""``deepref research`` end to end in a subprocess: the README's first command."""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.support import deepref
from tests.e2e.support import wait_until

REPO = Path(__file__).resolve().parents[2]
QUESTION = "How do footnotes in deepref point at the exact supporting passage?"


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_") or k == "DEEPREF_INDEX_DIR"}
    return deepref(*args, env={**base, "DEEPREF_EMBEDDER": "jaccard", **(env or {})})


def test_embedded_research_on_the_example_corpus():
    out = run("research", QUESTION, "--corpus", "examples/corpus", "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {"question", "answer", "references", "sources", "warnings", "timings", "usage"} <= set(data)
    assert data["references"] and "[^1]" in data["answer"]
    assert "extractive" in data["warnings"][0]
    for ref in data["references"]:
        path = Path(ref["url"].removeprefix("file://"))
        if path.suffix in (".md", ".txt"):
            text = path.read_text(encoding="utf-8")
            assert text[ref["quote_span"][0] : ref["quote_span"][1]] == ref["quote"]
    for stage in ("searching", "fetching", "chunking", "generating", "referencing"):
        assert stage in out.stderr  # live progress


def test_markdown_output_and_bad_corpus():
    out = run("research", QUESTION, "--corpus", "examples/corpus")
    assert out.returncode == 0 and "[^1]: [" in out.stdout
    bad = run("research", QUESTION, "--corpus", "no/such/dir")
    assert bad.returncode == 2 and "no such folder" in bad.stderr and "Traceback" not in bad.stderr
    empty = run("research", "   ", "--corpus", "examples/corpus")
    assert empty.returncode == 2 and "empty" in empty.stderr


def test_html_and_text_output():
    page = run("research", QUESTION, "--corpus", "examples/corpus", "--format", "html")
    assert page.returncode == 0, page.stderr
    html = page.stdout
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html
    assert "<ul>\n<li>" in html  # the answer's Markdown list is rendered as a list
    links = re.findall(r'<a href="#ref-(\d+)"', html)
    assert links and all(f'<li id="ref-{n}"' in html for n in links)  # every footnote has its entry
    assert "note: No LLM is configured" in html
    text = run("research", QUESTION, "--corpus", "examples/corpus", "--format", "text")
    assert text.returncode == 0 and "[1]" in text.stdout and "References:" in text.stdout


def test_submit_and_status_through_redis(redis_client, redis_url, key_prefix):
    env = {"DEEPREF_REDIS_URL": redis_url, "DEEPREF_KEY_PREFIX": key_prefix}
    out = run("submit", "What is BM25?", "--corpus", "examples/corpus", env=env)
    assert out.returncode == 0, out.stderr
    job_id = out.stdout.strip().splitlines()[-1]
    status = run("status", job_id, env=env)
    assert json.loads(status.stdout)["state"] == "queued"
    assert status.stderr.splitlines()[-1].startswith("[queued] 0%")
    cancel = run("cancel", job_id, env=env)
    assert "cancelled" in cancel.stdout
    missing = run("status", "nope", env=env)
    assert missing.returncode == 1 and "never submitted" in missing.stderr


def test_redis_down_is_explained():
    out = run("submit", "What is BM25?", env={"DEEPREF_REDIS_URL": "redis://:hunter2@127.0.0.1:1/0"})
    assert out.returncode == 1 and "DEEPREF_REDIS_URL" in out.stderr
    assert "hunter2" not in out.stderr and "Traceback" not in out.stderr


DEEP_Q = "What do tidal lagoon costs depend on?"
# a progress line of a round: what it does, in words, then the counts so far
LINE = re.compile(r"^\[(\w+)\] (.+) \((\d+) pages, (\d+) sources, (\d+) tokens so far\)$")


@pytest.fixture
def topic_search(topic_site, openai_server):
    """A site with a page of its own for every query, found by the local SearxNG; the
    local model plays a researcher that never finds the question covered."""
    return openai_server.fake.researcher


def progress(stderr: str) -> list[tuple[str, str, int, int, int]]:
    """(state, words, pages, sources, tokens) of every progress line."""
    return [(m[1], m[2], int(m[3]), int(m[4]), int(m[5])) for line in stderr.splitlines() if (m := LINE.match(line))]


def test_embedded_research_streams_the_write_up_between_its_progress_lines(topic_site, research_env):
    out = run("research", DEEP_Q, "--stream", "--format", "json", env=research_env)
    assert out.returncode == 0, out.stderr
    lines = out.stderr.splitlines()
    draft = lines[lines.index("[ 65%] generating") + 1 : lines.index("[ 85%] referencing")]
    answer = json.loads(out.stdout)["answer"].splitlines()
    assert len(draft) == len(answer) >= 2
    for written, stored in zip(draft, answer, strict=True):  # the markers as the engine numbers them
        assert re.sub(r"\s*\[\^\d+\]", "", written) == re.sub(r"\s*\[\^\d+\]", "", stored)
        assert "[^" in written and not re.search(r"\[\d+\]", written)
    quiet = run("research", DEEP_Q, "--format", "json", env=research_env)  # stderr is no terminal here
    assert quiet.returncode == 0 and quiet.stderr.splitlines()[3:5] == ["[ 65%] generating", "[ 85%] referencing"]


def test_embedded_deep_research_prints_its_rounds_in_words(topic_search, research_env):
    topic_search.behave("tidal lagoon", rounds=None)  # only the round budget stops it
    out = run("research", DEEP_Q, "--depth", "deep", "--rounds", "3", "--format", "json", "--stream", env=research_env)
    assert out.returncode == 0, out.stderr
    deep = json.loads(out.stdout)["deep"]
    headings = re.findall(r"^#+ .+$", json.loads(out.stdout)["answer"], re.M)
    assert headings and all(h in out.stderr.splitlines() for h in headings)  # the sections, as written
    lines = progress(out.stderr)
    words = [w for _, w, *_ in lines]
    assert words[0] == "round 1 of 3: planning queries" and lines[0][2:] == (0, 0, 0)
    assert f"round 2 of 3: reading 4 pages for '{DEEP_Q} r2a'" in words
    assert any(w.startswith("round 3 of 3 done; stopping: round budget (3) reached") for w in words)
    assert [s for s, w, *_ in lines if w.startswith("writing section")] == ["writing", "writing"]
    for earlier, later in itertools.pairwise(lines):  # counts only grow
        assert all(a <= b for a, b in zip(earlier[2:], later[2:], strict=True)), (earlier, later)
    # the last line's counts are the job's: every page and token it spent
    assert lines[-1][2] == deep["spent"]["pages"] == 12 and lines[-1][4] == deep["spent"]["tokens"]
    *_, done, cost = out.stderr.splitlines()  # a model on loopback is free: $0
    assert cost.startswith(f"[cost] $0.0000: {int(deep['spent']['model_calls'])} model calls")
    assert done.startswith(f"[done] 3 rounds, 12 of 60 pages, {int(deep['spent']['tokens']):,} of 200,000 tokens ("), (
        done
    )
    assert done.endswith("stopped: round budget (3) reached")


def test_submitted_deep_job_status_shows_the_stall_and_result_follows_it(
    topic_search, openai_server, worker_env, start_worker
):
    topic_search.behave("tidal lagoon", rounds=None, stall_on="Round: 2 of")
    start_worker("cli-deep")
    out = run("submit", DEEP_Q, "--depth", "deep", "--rounds", "3", env=worker_env)
    assert out.returncode == 0, out.stderr
    job = out.stdout.split()[-1]
    # this reader's stall allowance for a round: its longest silent step (2 s) and three beats
    quick = worker_env | {
        "DEEPREF_LLM_TIMEOUT": "2",
        "DEEPREF_FETCH_TOTAL_TIMEOUT": "1",
        "DEEPREF_EXTRACT_TIMEOUT": "1",
    }
    shown: list[dict] = []

    def stalled() -> bool:
        shown[:] = [json.loads(run("status", job, env=quick).stdout)]
        return bool(shown[0].get("stalled"))

    wait_until(stalled, 90, "deepref status showing the stall")
    record = shown[0]
    assert record["state"] == "researching" and record["stalled"].startswith("round-2: no event for")
    assert record["message"].startswith("round 2 of 3: planning queries (4 pages, 4 sources, ")
    assert record["deep"]["round"] == 2 and record["deep"]["pages"] == 4

    base = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    follow = subprocess.Popen(
        [sys.executable, "-m", "deepref.cli.main", "result", job, "--follow", "--format", "json"],
        cwd=REPO,
        env={**base, **worker_env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    topic_search.release(openai_server.loop)
    stdout, stderr = follow.communicate(timeout=120)
    assert follow.returncode == 0, stderr
    words = [w for _, w, *_ in progress(stderr)]
    assert f"round 3 of 3: reading 4 pages for '{DEEP_Q} r3a'" in words, stderr
    assert json.loads(stdout)["deep"]["spent"]["pages"] == 12


def test_html_output_of_a_deep_result_shows_outline_rounds_and_spend_escaped():
    from deepref.cli.output import format_result, spend_summary
    from deepref.worker.jobs.models import DeepOut, ResearchResult, RoundOut

    hostile = "<script>alert(1)</script>"
    spent = {"rounds": 2, "pages": 8, "prompt_tokens": 3100, "completion_tokens": 650, "tokens": 3750}
    deep = DeepOut(
        depth="deep",
        budget={"rounds": 2, "queries_per_round": 2, "pages": 20, "tokens": 50000, "seconds": 300},
        estimate={"tokens": 20000, "pages": 16, "model_calls": 9},
        spent=spent | {"seconds": 4.25},
        rounds=[
            RoundOut(n=1, why="the question", queries=[f"costs {hostile}"], pages_fetched=4, new_sources=4, findings=3),
            RoundOut(
                n=2,
                why=f"gap {hostile}",
                queries=["wall length"],
                pages_fetched=4,
                new_sources=3,
                duplicates=1,
                gaps=["turbine lifetimes"],
                stop_reason="round budget (2) reached",
            ),
        ],
        stop_reason="round budget (2) reached",
        outline=["Costs", f"Walls {hostile}"],
    )
    result = ResearchResult(question="What do tidal lagoons cost?", answer="## Costs\n\nA lot.", answer_mode="llm")
    result.deep = deep
    page = format_result(result, "html")
    assert hostile not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<h2>How it was researched</h2>" in page and "<li>Costs</li>" in page
    assert "4 pages read, 3 new sources, 1 duplicates, 0 findings" in page
    assert "Still missing after it: turbine lifetimes" in page and "No further round: round budget (2) reached" in page
    assert spend_summary(deep) == (
        "2 rounds, 8 of 20 pages, 3,750 of 50,000 tokens (3,100 prompt, 650 completion), 4.2 of 300 s; "
        "stopped: round budget (2) reached"
    )
    assert spend_summary(deep) in page
    assert "How it was researched" not in format_result(result.model_copy(update={"deep": None}), "html")


def test_a_local_reasoning_model_with_a_small_context(topic_site, research_env, openai_server):
    """Served raw by llama.cpp with 2,048 tokens: the answer holds no thinking, the
    prompt was cut to fit and the warnings say so, and the thinking is counted."""
    fake = openai_server.fake
    fake.reasoning, fake.server, fake.context = "tags", "llamacpp", 2048
    out = run("research", DEEP_Q, "--format", "json", env=research_env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["answer"] and "think" not in data["answer"].lower() and "off-topic" not in data["answer"]
    assert any("2,048 tokens, from llama.cpp's /props" in w for w in data["warnings"]), data["warnings"]
    assert data["usage"]["reasoning_tokens"] > 0
    assert all(len(p) <= 2048 * 3 for p in fake.seen_prompts)


def test_the_cost_is_printed_and_a_budget_too_small_for_the_model_is_kept(topic_site, research_env):
    env = {**research_env, "DEEPREF_LLM_PRICES": '{"fake": {"input": 2.0, "output": 8.0}}'}
    out = run("research", DEEP_Q, "--format", "json", env=env)
    assert out.returncode == 0, out.stderr
    usage = json.loads(out.stdout)["usage"]
    assert usage["model_calls"] == 2 and 0 < usage["cost"] <= usage["estimated_cost"]
    assert f"[estimate] the model calls cost about ${usage['estimated_cost']:.4f}" in out.stderr.splitlines()[0]
    assert f"[cost] ${usage['cost']:.4f}: 2 model calls" in out.stderr
    poor = run("research", DEEP_Q, "--format", "json", "--max-cost", "0.000001", env=env)
    data = json.loads(poor.stdout)
    assert data["answer_mode"] == "extractive" and data["usage"]["cost"] == 0 and "[cost]" not in poor.stderr
    assert "at most (budget $1e-06)" in poor.stderr.splitlines()[0]  # the estimate shows it cannot fit


def test_a_folder_and_the_web_in_one_job_share_one_numbering(topic_site, research_env, tmp_path):
    """--corpus with a web provider searches both; each source and reference says its kind."""
    (tmp_path / "lagoons.md").write_text(
        "# Tidal lagoon costs\n\nWhat tidal lagoon costs depend on most is the length of the sea wall.\n"
    )
    out = run(
        "research", DEEP_Q, "--corpus", str(tmp_path), "--provider", "searxng", "--format", "json", env=research_env
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    kinds = {s["kind"] for s in data["sources"]}
    assert kinds == {"web", "document"}, data["sources"]
    assert all(s["kind"] == ("document" if s["url"].startswith("file:") else "web") for s in data["sources"])
    assert sorted(int(s["id"]) for s in data["sources"]) == list(range(1, len(data["sources"]) + 1))
    assert all(r["source_kind"] in ("web", "document") for r in data["references"])
