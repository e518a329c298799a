"""A queued job on a real worker over a folder of PDFs: the reference names and links the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from deepref.reference.locators import Locator, locator_link
from tests.search.documents.makers import make_pdf

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

SENTENCES = [
    "The river survey counted forty-two otters along the northern bank of the Wenning.",
    "Nitrate levels in the Stocks reservoir doubled between March and August.",
    "The parish committee recommended a ban on motorboats above the Hornby weir.",
    "Volunteers planted three thousand willow saplings in the Wenning floodplain.",
]


def test_queued_job_on_a_pdf_folder_cites_the_page(worker_env, start_worker, client_for, tmp_path):
    (tmp_path / "report.pdf").write_bytes(make_pdf(SENTENCES))
    start_worker("docs")
    client = client_for(worker_env)
    job_id = client.submit(
        "What did the parish committee recommend about motorboats?",
        {"provider": "local", "corpus_dir": str(tmp_path)},
    )
    result = client.result(job_id, wait=True, timeout=120)
    refs = [r for r in result.references if "motorboats" in r.quote]
    assert refs, (result.answer, result.warnings, [r.quote for r in result.references])
    assert refs[0].locator is not None and refs[0].locator.text == "p. 3"
    link = locator_link(refs[0].url, Locator.from_dict(refs[0].locator.model_dump()))
    assert link.endswith("report.pdf#page=3")


def test_queued_job_on_a_folder_not_yet_indexed_indexes_it_in_the_worker(
    worker_env, start_worker, client_for, tmp_path
):
    """Issue 36: a prefork child (daemonic) used to fail with "daemonic processes are not
    allowed to have children" on a fresh folder of eight files or more (the reader pool)."""
    from tests.search.documents.makers import make_docx, make_epub, make_odt, make_pptx

    for n in range(6):
        # each report has its own subject, so that one is cited for the question
        lines = [f"Survey {n} counted {10 + n} herons at station {n}." for _ in range(2)]
        (tmp_path / f"survey-{n}.pdf").write_bytes(make_pdf([*lines, *SENTENCES] if n == 4 else lines))
    (tmp_path / "lake.docx").write_bytes(make_docx())
    (tmp_path / "wetlands.pptx").write_bytes(make_pptx())
    (tmp_path / "book.epub").write_bytes(make_epub())
    (tmp_path / "findings.odt").write_bytes(make_odt())
    start_worker("fresh")  # concurrency 2, prefork: each job runs in a daemonic child
    client = client_for(worker_env)
    job_id = client.submit(
        "What did the parish committee recommend about motorboats?",
        {"provider": "local", "corpus_dir": str(tmp_path)},
    )
    result = client.result(job_id, wait=True, timeout=150)
    refs = [r for r in result.references if "motorboats" in r.quote]
    assert refs, (result.answer, result.warnings, [r.quote for r in result.references])
    assert refs[0].url.endswith("survey-4.pdf")
    assert refs[0].locator is not None and refs[0].locator.text == "p. 5"
    # the worker built the index: every file is in it, none skipped
    from deepref.search.library.store import LibrarySearcher, index_path

    index = index_path(Path(worker_env["DEEPREF_INDEX_DIR"]), tmp_path.resolve())
    files, passages = LibrarySearcher(index).counts()
    assert files == 10 and passages >= 10


def test_a_queued_job_waiting_for_another_indexer_says_so_in_its_events(worker_env, start_worker, client_for, tmp_path):
    """Issue 33: a second indexer (its own process) holds the folder's writer lock; the
    worker's job waits for it and its events say so, then it searches what was indexed."""
    from tests.search.indexer import Indexer

    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "report.pdf").write_bytes(make_pdf(SENTENCES))
    (folder / "notes.md").write_text("# Notes\n\nThe heron count is in the survey.")
    indexer = Indexer(folder, Path(worker_env["DEEPREF_INDEX_DIR"]))
    try:
        indexer.wait_holding()
        start_worker("waits")
        client = client_for(worker_env)
        job_id = client.submit(
            "What did the parish committee recommend about motorboats?",
            {"provider": "local", "corpus_dir": str(folder)},
        )
        waiting = f"waiting for the index of {folder.resolve()} (another process is indexing it)"
        messages: list[str] = []
        last = "0"
        while waiting not in messages and not client.status(job_id).state.finished:
            events = client.store.events(job_id, last, block_ms=2000)
            messages += [event.get("message", "") for _, event in events]
            last = events[-1][0] if events else last
        indexer.release()
        result = client.result(job_id, wait=True, timeout=120)
    finally:
        indexer.finish()
    assert waiting in messages, messages
    assert any("motorboats" in r.quote for r in result.references), [r.quote for r in result.references]
