"""``deepref cite`` through the real entry point, in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

DOC = {
    "answer": "人工智能是计算机科学的一个分支。机器学习是AI的重要组成部分。",
    "sources": [
        {
            "id": "1",
            "url": "https://example.com/ai",
            "title": "AI",
            "text": "人工智能（AI）是计算机科学的一个分支，致力于创建能够执行任务的系统。",
        },
        {
            "id": "2",
            "url": "https://example.com/ml",
            "title": "ML",
            "text": "机器学习是人工智能的核心技术之一，通过算法让计算机从数据中学习。",
        },
    ],
    "options": {"style": "markdown"},
}


def cite(stdin: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "deepref.cli.main", "cite", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_contract():
    out = cite(json.dumps(DOC))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {
        "answer",
        "rendered",
        "references",
        "scorer",
        "support_model",
        "min_support",
        "warnings",
        "stats",
    }
    # the paraphrase "AI" for 人工智能 stays below the default support level (lexical weights)
    assert data["answer"] == "人工智能是计算机科学的一个分支[^1]。机器学习是AI的重要组成部分。"
    assert data["support_model"] == "lexical" and 0 < data["min_support"] < 1
    assert "[^1]: [AI](https://example.com/ai)" in data["rendered"]
    texts = {s["id"]: s["text"] for s in DOC["sources"]}
    for ref in data["references"]:
        start, end = ref["quote_span"]
        assert texts[ref["source_id"]][start:end] == ref["quote"]
        assert {"n", "source_id", "url", "title", "quote", "quote_span", "answer_span", "score", "support"} <= set(ref)
        assert ref["support"] >= data["min_support"]


def test_min_support_option():
    doc = dict(DOC, options={"min_support": 0.5})
    data = json.loads(cite(json.dumps(doc)).stdout)
    assert data["answer"] == "人工智能是计算机科学的一个分支[^1]。机器学习是AI的重要组成部分[^2]。"
    assert data["min_support"] == 0.5


def test_input_file_and_resolve_with_unknown_id(tmp_path):
    doc = dict(DOC, answer="机器学习是AI的重要组成部分 [2][7]。", options={"markers": "resolve", "style": "text"})
    path = tmp_path / "in.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = cite("", "--input", str(path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["answer"] == "机器学习是AI的重要组成部分[^1]。"
    assert any("'7'" in w for w in data["warnings"])


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("not json", "not JSON"),
        ('{"sources": []}', "answer"),
        ('{"answer": 3, "sources": []}', "answer"),
        ('{"answer": "a", "sources": [], "options": {"profile": "fast"}}', "options.profile"),
        ('{"answer": "a", "sources": [], "options": {"style": "pdf"}}', "options.style"),
        ('{"answer": "a", "sources": [{"id": "1"}]}', "sources.0"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(stdin, message):
    out = cite(stdin)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and message in out.stderr and "Traceback" not in out.stderr


def test_integer_ids_name_sources_like_their_decimal_string():
    """JSON callers number their sources; ``"id": 2`` is the source ``"2"``."""
    doc = dict(DOC, answer="机器学习是AI的重要组成部分 [2]。", options={"markers": "resolve"})
    doc["sources"] = [dict(s, id=int(s["id"])) for s in DOC["sources"]]
    out = cite(json.dumps(doc))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [r["source_id"] for r in data["references"]] == ["2"]
    assert data["answer"] == "机器学习是AI的重要组成部分[^1]。"


@pytest.mark.parametrize("bad", ["true", "2.0", "null"])
def test_ids_that_are_not_strings_or_integers_are_refused(bad):
    raw = json.dumps(DOC).replace('"id": "1"', f'"id": {bad}', 1)
    out = cite(raw)
    assert out.returncode == 2 and "sources.0.id" in out.stderr
