"""The library index as jobs see it (issue 33, item 5): a job waiting for another
indexer says so, and files skipped for a missing reader are read again once the
readers change (a Tesseract installed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deepref.search.documents.fingerprint import readers, readers_fingerprint
from deepref.search.library.update import plan, update_index
from deepref.search.local import LocalCorpusProvider
from tests.search.documents.makers import make_scanned_pdf
from tests.search.indexer import Indexer

REPO = Path(__file__).resolve().parents[2]
QUESTION = "How do geothermal plants make electricity?"


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "geo.md").write_text("# Geo\n\nGeothermal plants use heat from inside the earth to make electricity.")
    (folder / "wind.txt").write_text("Wind notes\n\nOffshore wind farms place turbines at sea.")
    return folder


def test_a_job_waiting_for_another_indexer_says_so_in_its_events(folder, tmp_path):
    from deepref.worker.jobs.models import ResearchOptions
    from deepref.worker.pipeline.embedded import run_research
    from deepref.worker.settings import Settings

    index_dir = tmp_path / "index"
    indexer = Indexer(folder, index_dir)
    try:
        indexer.wait_holding()
        messages: list[str] = []

        def on_update(record) -> None:
            if record.message and (not messages or messages[-1] != record.message):
                messages.append(record.message)
                if record.message.startswith("waiting for the index of"):
                    indexer.release()  # the job said it waits: let the indexer finish

        settings = Settings(index_dir=index_dir, embedder="jaccard", llm_base_url=None)
        result = run_research(QUESTION, ResearchOptions(corpus_dir=str(folder)), settings=settings, on_update=on_update)
    finally:
        indexer.finish()
    waiting = f"waiting for the index of {folder.resolve()} (another process is indexing it)"
    assert waiting in messages, messages
    # it waited, then found the index the other process made: nothing left to read
    after = messages[messages.index(waiting) + 1 :]
    assert any(m.startswith("corpus index: 2 files: 0 read, 2 unchanged") for m in after), messages
    assert any(r.url.endswith("geo.md") for r in result.references)


def test_deepref_research_prints_that_it_waits_for_the_index(folder, tmp_path):
    index_dir = tmp_path / "index"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    env.update(DEEPREF_INDEX_DIR=str(index_dir), DEEPREF_EMBEDDER="jaccard", PYTHONUNBUFFERED="1")
    indexer = Indexer(folder, index_dir)
    research = None
    try:
        indexer.wait_holding()
        research = subprocess.Popen(
            [sys.executable, "-m", "deepref.cli.main", "research", QUESTION, "--corpus", str(folder)],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert research.stderr is not None
        seen = []
        for line in research.stderr:  # ends when the job ends (old code: after the holder's 60 s)
            seen.append(line.rstrip())
            if "waiting for the index of" in line:
                indexer.release()
                break
        out, err = research.communicate(timeout=120)
        seen += err.splitlines()
    finally:
        indexer.finish()
        if research is not None and research.poll() is None:
            research.kill()
            research.wait()
    wanted = f"[searching] waiting for the index of {folder.resolve()} (another process is indexing it)"
    assert any(line.strip().endswith(wanted) for line in seen), seen
    assert research.returncode == 0, seen
    assert "geo.md" in out


@pytest.fixture
def tesseract_dir(tmp_path) -> Path:
    """A folder whose only program is ``tesseract``: the real one when installed, else a
    stand-in that answers ``--version`` and reads every page as one fixed sentence
    (what matters here is that an OCR engine appeared, not how well it reads)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    real = shutil.which("tesseract")
    tool = bin_dir / "tesseract"
    if real is not None:
        tool.symlink_to(real)
    else:
        tool.write_text(
            f"#!{sys.executable}\n"
            "import sys\n"
            "if '--version' in sys.argv:\n"
            "    print('tesseract 5.3.0 (stand-in)')\n"
            "    raise SystemExit(0)\n"
            "sys.stdin.buffer.read()\n"
            "print('Herons nest on the island')\n"
        )
        tool.chmod(0o755)
    return bin_dir


def test_a_scan_skipped_without_ocr_is_read_again_once_tesseract_is_installed(
    folder, tmp_path, tesseract_dir, monkeypatch
):
    (folder / "scan.pdf").write_bytes(make_scanned_pdf("Herons nest on the island"))
    index_dir = tmp_path / "index"
    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))  # no Tesseract
    assert readers()["tesseract"] == "absent"
    first = update_index(folder, index_dir, workers=1)
    assert first.read == 2 and list(first.skipped) == ["no-text"], first.lines()
    assert "install Tesseract" in first.skipped["no-text"][0]
    provider = LocalCorpusProvider(folder, index_dir=index_dir)
    assert provider.prepare() is None  # nothing changed: the scan stays skipped
    assert not provider.search_sync("herons island", max_results=3)

    monkeypatch.setenv("PATH", str(tesseract_dir))  # Tesseract installed; the scan itself did not change
    assert readers()["tesseract"].startswith(str(tesseract_dir / "tesseract") + " tesseract ")
    todo = plan(folder, index_dir)
    assert todo.to_read == ["scan.pdf"] and todo.retried == {"scan.pdf"}, todo
    summary = provider.prepare()
    assert summary is not None and summary.read == 1 and not summary.skipped, summary.lines()
    assert any("the readers changed" in note for note in summary.notes), summary.notes
    hits = provider.search_sync("herons island", max_results=3)
    assert [h.url for h in hits] == [(folder / "scan.pdf").resolve().as_uri()]
    assert "Herons" in hits[0].snippet

    again = update_index(folder, index_dir, workers=1)  # the new readers are recorded: not read a third time
    assert again.read == 0 and again.unchanged == 3, again.lines()


def test_the_readers_fingerprint_follows_tesseract_and_library_versions(tesseract_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    without = readers_fingerprint()
    monkeypatch.setenv("PATH", str(tesseract_dir))
    assert readers_fingerprint() != without
    monkeypatch.setenv("PATH", str(tmp_path))
    assert readers_fingerprint() == without
    found = readers()
    assert set(found) == {"pypdfium2", "defusedxml", "trafilatura", "charset-normalizer", "tesseract"}
    assert found["pypdfium2"] != "absent"
