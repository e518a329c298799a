"""``deepref research`` end to end in a subprocess: the README's first command."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
QUESTION = "How do footnotes in deepref point at the exact supporting passage?"


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    return subprocess.run(
        [sys.executable, "-m", "cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env={**base, "DEEPREF_EMBEDDER": "jaccard", **(env or {})},
    )


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
    cancel = run("cancel", job_id, env=env)
    assert "cancelled" in cancel.stdout
    missing = run("status", "nope", env=env)
    assert missing.returncode == 1 and "never submitted" in missing.stderr


def test_redis_down_is_explained():
    out = run("submit", "What is BM25?", env={"DEEPREF_REDIS_URL": "redis://:hunter2@127.0.0.1:1/0"})
    assert out.returncode == 1 and "DEEPREF_REDIS_URL" in out.stderr
    assert "hunter2" not in out.stderr and "Traceback" not in out.stderr
