"""``deepref eval citations`` end to end in a subprocess, with a judge model that
reads words, not meaning (tests/fakes/openai_server.py)."""

from __future__ import annotations

import json

from tests.cli.test_research import QUESTION, run
from tests.fakes.topic_site import article


def test_a_deepref_result_is_judged_from_its_own_passages(tmp_path, research_env):
    env = {k: v for k, v in research_env.items() if not k.startswith("DEEPREF_SEARCH")}
    researched = run("research", QUESTION, "--corpus", "examples/corpus", "--format", "json", env=env)
    assert researched.returncode == 0, researched.stderr
    result = tmp_path / "result.json"
    result.write_text(researched.stdout)
    footnotes = len(json.loads(researched.stdout)["references"])
    out = run("eval", "citations", str(result), "--format", "json", env=env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["pairs"] == footnotes > 0 and data["judged"] == footnotes and data["model"] == "fake"
    assert 0 < data["citation_accuracy"] <= 1 and data["effective_citations"] == data["supported"]
    assert all(c["passage"] and c["judged_by"] == "fake" for c in data["citations"])


def test_another_systems_markdown_is_judged_against_the_pages_it_links(tmp_path, topic_site, research_env):
    right = article("tides-0").split(". ")[2]  # "The tidal lagoon costs reported in tides 0 reach N million pounds"
    wrong = "Wading birds left the estuary after the barrage was built in 1984"
    report = tmp_path / "peer.md"
    report.write_text(
        f"# Tides\n\n{right} [1]. {wrong} [2].\n\n## Sources\n"
        f"1. {topic_site.base_url}/page/tides-0\n2. {topic_site.base_url}/page/tides-1\n"
        "3. http://127.0.0.1:1/never-cited\n"
    )
    out = run("eval", "citations", str(report), env=research_env)
    assert out.returncode == 0, out.stderr
    assert "Citations: 2 (claim, source) pairs; 2 judged by fake" in out.stdout
    assert "Citation accuracy (FACT): 0.500 (1 of 2 supported)" in out.stdout
    unsupported = out.stdout.split("Unsupported:", 1)[1]
    assert "[2] Wading birds left the estuary" in unsupported and "/page/tides-1" in unsupported
    assert "reach" not in unsupported
    failing = run("eval", "citations", str(report), "--fail-under", "0.9", env=research_env)
    assert failing.returncode == 3 and "below 0.9" in failing.stderr


def test_an_unreadable_page_leaves_its_citation_unjudged(tmp_path, research_env):
    report = tmp_path / "peer.md"
    report.write_text("Tides rise twice a day [gone](http://127.0.0.1:1/page).\n")
    out = run("eval", "citations", str(report), "--format", "json", env=research_env)
    data = json.loads(out.stdout)
    assert data["judged"] == 0 and data["citation_accuracy"] is None
    assert "could not be read" in data["citations"][0]["reason"]


def test_errors_say_what_to_fix(tmp_path, research_env):
    report = tmp_path / "peer.md"
    report.write_text("Tides rise [x](https://a.example/).\n")
    no_model = run("eval", "citations", str(report))
    assert no_model.returncode == 1 and "DEEPREF_LLM_BASE_URL" in no_model.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"answer": ')
    assert "not JSON" in run("eval", "citations", str(bad), env=research_env).stderr
    bare = tmp_path / "bare.md"
    bare.write_text("No citation here.\n")
    out = run("eval", "citations", str(bare), env=research_env)
    assert out.returncode == 2 and "no cited claim found" in out.stderr
    assert "no such file" in run("eval", "citations", "missing/result.json", env=research_env).stderr


def test_deepref_own_markdown_html_and_json_are_read(tmp_path, research_env):
    """Issue 32, item 6: `deepref eval citations report.md` reads what deepref writes: its
    Markdown (footnotes whose links are file:// for local documents), HTML and JSON."""
    env = {k: v for k, v in research_env.items() if not k.startswith("DEEPREF_SEARCH")}
    for fmt, name in (("md", "report.md"), ("html", "report.html"), ("json", "report.json")):
        researched = run("research", QUESTION, "--corpus", "examples/corpus", "--format", fmt, env=env)
        assert researched.returncode == 0, researched.stderr
        (tmp_path / name).write_text(researched.stdout)
        out = run("eval", "citations", str(tmp_path / name), "--format", "json", env=env)
        assert out.returncode == 0, (name, out.stderr)
        data = json.loads(out.stdout)
        assert data["pairs"] > 0 and data["judged"] == data["pairs"], (name, data)
        assert all(c["url"].startswith("file://") and c["passage"] for c in data["citations"]), name
