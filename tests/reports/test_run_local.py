"""Reports on the embedded default: every question in-process, one shared reference list."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import bibtexparser
import pytest
import rispy

from deepref.reports.definitions import load_definitions
from deepref.reports.run import new_run, run_local
from deepref.reports.store import ReportStore

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "examples" / "corpus"

DEFS = f"""\
reports:
  - name: brief
    title: Brief
    questions:
      - How do footnotes in deepref point at the exact supporting passage?
      - How does deepref refuse requests to private addresses?
      - How are footnote numbers given to sources in deepref?
    options: {{provider: local, corpus_dir: "{CORPUS}"}}
    concurrency: 2
"""


@pytest.fixture
def env(tmp_path, monkeypatch):
    from deepref.worker.settings import get_settings

    (tmp_path / "reports.yaml").write_text(DEFS)
    for key in [k for k in os.environ if k.startswith("DEEPREF_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("DEEPREF_EMBEDDER", "jaccard")
    monkeypatch.setenv("DEEPREF_REPORTS_FILE", str(tmp_path / "reports.yaml"))
    monkeypatch.setenv("DEEPREF_REPORTS_DIR", str(tmp_path / "out"))
    get_settings.cache_clear()
    yield tmp_path
    get_settings.cache_clear()


async def test_local_run_shares_one_reference_list(env):
    definition = load_definitions(env / "reports.yaml")["brief"]
    store = ReportStore(env / "out")
    report = await run_local(new_run(definition, store), definition, store)
    assert report["status"] == "done"
    folder = store.run_dir("brief", report["run"])
    reports = {"report.json", "report.md", "report.html"}
    assert {p.name for p in folder.iterdir()} == reports | {"references.bib", "references.ris", "references.json"}
    saved = json.loads((folder / "report.json").read_text())
    # the shared reference list, one entry per number, in the three bibliography files
    numbers = len({r["n"] for r in saved["references"]})
    library = bibtexparser.parse_string((folder / "references.bib").read_text())
    assert library.failed_blocks == [] and len(library.entries) == numbers
    assert [r["id"] for r in rispy.loads((folder / "references.ris").read_text())] == [e.key for e in library.entries]
    csl = json.loads((folder / "references.json").read_text())
    assert [i["URL"] for i in csl] == [e["url"] for e in library.entries]
    by_url: dict[str, set[int]] = {}
    for ref in saved["references"]:
        by_url.setdefault(ref["url"], set()).add(ref["n"])
    assert all(len(ns) == 1 for ns in by_url.values())  # one number per source across sections
    cited_in = {url: sum(any(r["url"] == url for r in s["references"]) for s in saved["sections"]) for url in by_url}
    assert max(cited_in.values()) >= 2  # some source is shared by two sections
    for section in saved["sections"]:
        for start, end, n in section["markers"]:
            assert section["answer"][start:end] == f"[^{n}]"
    md = (folder / "report.md").read_text()
    assert md.count("## References") == 1 and "[^1]: [" in md
    index = json.loads((env / "out" / "brief" / "index.json").read_text())
    assert index["runs"][0]["done"] == 3 and index["runs"][0]["status"] == "done"

    second = await run_local(new_run(definition, store), definition, store)
    assert second["changes"]["since"] == report["run"] and second["changes"]["changed"] == []


def test_crash_and_resume_does_not_ask_again(env, openai_server):
    openai_server.fake.chat_delay = 0.7  # slow enough to be killed mid-run
    base = {
        **os.environ,
        "DEEPREF_LLM_BASE_URL": openai_server.v1,
        "DEEPREF_LLM_API_KEY": openai_server.api_key,
        "DEEPREF_LLM_SUB_QUERIES": "0",
    }
    (env / "reports.yaml").write_text(DEFS.replace("concurrency: 2", "concurrency: 1"))
    cmd = [sys.executable, "-m", "deepref.cli.main", "reports", "run", "brief", "--local"]
    proc = subprocess.Popen(
        cmd, cwd=REPO, env=base, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    store = ReportStore(env / "out")
    deadline = time.monotonic() + 60
    while True:  # kill it as soon as one question is answered
        runs = store.runs("brief")
        if runs and runs[0]["done"] >= 1:
            break
        assert time.monotonic() < deadline and proc.poll() is None, "the run ended before one question was done"
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)
    run = store.runs("brief")[0]["run"]
    before = store.load("brief", run)
    answered = {s["question"]: s["result"]["answer"] for s in before["sections"] if s["status"] == "done"}
    assert 1 <= len(answered) < 3
    asked_before = len(openai_server.fake.requests)
    resumed = subprocess.run([*cmd, "--resume"], cwd=REPO, env=base, capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    # only the questions not answered before the crash were researched again
    redone = [ln for ln in resumed.stderr.splitlines() if ln.strip().startswith("done:")]
    assert len(redone) == 3 - len(answered)
    questions = [
        r["body"]["messages"][-1]["content"]
        for r in openai_server.fake.requests[asked_before:]
        if r["body"]["messages"][-1]["content"].startswith("Question:")
    ]  # not the summary
    assert len(questions) == 3 - len(answered)  # one chat request per question not answered before
    assert not any(q in text for q in answered for text in questions)
    after = store.load("brief", run)
    assert after["status"] == "done"
    for section in after["sections"]:
        if section["question"] in answered:
            assert section["result"]["answer"] == answered[section["question"]]


async def test_a_run_writes_pdf_and_docx_with_every_quote_in_a_note(env):
    """``formats: [md, json, pdf, docx]``: the files asked for, read back by pypdf and
    python-docx (tests/export/readers.py): every quote in a note, every source linked."""
    from tests.export.readers import read_docx, read_pdf, squash

    brief = load_definitions(env / "reports.yaml")["brief"]
    definition = brief.model_copy(update={"formats": ["md", "json", "pdf", "docx"]})
    store = ReportStore(env / "out")
    report = await run_local(new_run(definition, store), definition, store)
    folder = store.run_dir("brief", report["run"])
    files = {p.name for p in folder.iterdir()}
    assert {"report.md", "report.pdf", "report.docx"} <= files and "report.html" not in files
    saved = json.loads((folder / "report.json").read_text())
    quotes = {" ".join(r["quote"].split()) for r in saved["references"]}
    urls = {r["url"] for r in saved["references"]}
    assert quotes and "warnings" not in saved

    pdf = read_pdf((folder / "report.pdf").read_bytes())
    assert all(squash(q) in squash(pdf.text) for q in quotes)
    assert [t for t in pdf.outline if t in definition.questions] == definition.questions
    assert urls <= set(pdf.uris)

    docx = read_docx((folder / "report.docx").read_bytes())
    assert [t for s, t in docx.headings if s == "Heading 1"] == [*definition.questions, "References"]
    in_notes = " ".join(f.text for f in docx.footnotes)
    assert all(q in in_notes for q in quotes)
    assert urls <= {h for f in docx.footnotes for h in f.hrefs}
    assert len(docx.footnotes) == sum(len(s["markers"]) for s in saved["sections"])
