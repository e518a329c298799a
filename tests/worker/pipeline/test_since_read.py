"""A file of the job's folder edited during the job (issue 33, item 5): the job quotes
the one version it read, and says when the file changed after that read."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from deepref.worker.jobs.models import ResearchOptions, ResearchResult
from deepref.worker.pipeline.embedded import run_research
from deepref.worker.settings import Settings

QUESTION = "How do geothermal plants make electricity?"
OLD = "# Geo\n\nGeothermal plants use heat from inside the earth to make electricity.\n"
QUOTED = "Geothermal plants use heat from inside the earth to make electricity."


@pytest.fixture
def folder(tmp_path) -> Path:
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "geo.md").write_text(OLD)
    (folder / "wind.txt").write_text("Wind notes\n\nOffshore wind farms place turbines at sea to make electricity.")
    return folder


def _research(folder: Path, tmp_path: Path, edit_when: str, new_text: str) -> ResearchResult:
    """The job, with geo.md rewritten when its record first says ``edit_when``."""
    edited: list[str] = []

    def on_update(record) -> None:
        if record.message == edit_when and not edited:
            (folder / "geo.md").write_text(new_text)
            edited.append(record.message)

    settings = Settings(index_dir=tmp_path / "index", embedder="jaccard", llm_base_url=None)
    result = run_research(QUESTION, ResearchOptions(corpus_dir=str(folder)), settings=settings, on_update=on_update)
    assert edited, "the job never reached that stage"
    return result


def _geo(result: ResearchResult):
    source = next(s for s in result.sources if s.url.endswith("geo.md"))
    return source, [r for r in result.references if r.source_id == source.id]


def test_a_file_rewritten_after_it_was_read_is_named_and_its_gone_quotes_marked(folder, tmp_path):
    new = "# Geo\n\nThe geothermal plants were all closed in 2030.\n"
    result = _research(folder, tmp_path, "chunk (attempt 1)", new)  # fetched: the old version was read
    source, refs = _geo(result)
    assert refs and all(r.quote == QUOTED for r in refs), [r.quote for r in refs]  # what it read, verbatim
    assert source.sha256 == hashlib.sha256(OLD.encode()).hexdigest()  # the version quoted
    assert source.changed and all(r.quote_gone for r in refs)
    path = (folder / "geo.md").resolve()
    marks = ", ".join(f"[^{n}]" for n in sorted({r.n for r in refs}))
    warning = next(w for w in result.warnings if w.startswith(str(path)))
    assert warning == (
        f"{path} changed after this job read it: the quotes of {marks} are from the version read "
        f"(SHA-256 {source.sha256[:12]}); {len(refs)} of {len(refs)} ({marks}) no longer in the file"
    )
    others = [s for s in result.sources if not s.url.endswith("geo.md")]
    assert others and not any(s.changed for s in others)
    assert not any(r.quote_gone for r in result.references if r.source_id != source.id)


def test_an_edit_that_keeps_the_quote_is_named_but_the_quote_is_not_marked(folder, tmp_path):
    result = _research(folder, tmp_path, "chunk (attempt 1)", OLD + "\nA note added later about drilling.\n")
    source, refs = _geo(result)
    assert refs and source.changed and not any(r.quote_gone for r in refs)
    assert any(w.startswith(str((folder / "geo.md").resolve())) and w.endswith("each is still in the file")
               for w in result.warnings), result.warnings  # fmt: skip


def test_a_file_removed_after_it_was_read_is_named(folder, tmp_path):
    edited: list[bool] = []

    def on_update(record) -> None:
        if record.message == "chunk (attempt 1)" and not edited:
            (folder / "geo.md").unlink()
            edited.append(True)

    settings = Settings(index_dir=tmp_path / "index", embedder="jaccard", llm_base_url=None)
    result = run_research(QUESTION, ResearchOptions(corpus_dir=str(folder)), settings=settings, on_update=on_update)
    source, refs = _geo(result)
    assert refs and source.changed and all(r.quote_gone for r in refs)
    assert any("geo.md was removed or became unreadable after this job read it" in w for w in result.warnings)


def test_a_file_edited_between_search_and_reading_is_quoted_as_read(folder, tmp_path):
    """The index still holds the old text when the job reads the file: the quotes are
    the new version's (the one read), and nothing changed after that read."""
    new = "# Geo\n\nGeothermal plants pump hot water from deep wells to make electricity.\n"
    result = _research(folder, tmp_path, "fetch (attempt 1)", new)  # searched the old, reads the new
    source, refs = _geo(result)
    assert refs and all(r.quote in new for r in refs), [r.quote for r in refs]
    assert source.sha256 == hashlib.sha256(new.encode()).hexdigest()
    assert not source.changed and not any(r.quote_gone for r in refs)
    assert not any("after this job read it" in w for w in result.warnings), result.warnings
