"""The library index (search/library, ``deepref index``): incremental, safe to kill,
readable while written, confined to its folder, used by a job."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from deepref.search.library.store import LibrarySearcher, index_path
from deepref.search.library.update import update_index
from deepref.search.local import LocalCorpusProvider
from tests.search.documents.makers import make_pdf

REPO = Path(__file__).resolve().parents[2]
WORDS = ["tide", "river", "delta", "harbour", "estuary", "lagoon", "marsh", "reef", "shoal", "current"]


def _cli(*args: str, env: dict | None = None, **kwargs) -> subprocess.Popen:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    return subprocess.Popen(
        [sys.executable, "-m", "deepref.cli.main", *args],
        cwd=REPO,
        env={**base, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def _many(folder: Path, n: int) -> None:
    """``n`` text files, each with its own marker word ``markerNNNN`` in every passage."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        paragraphs = [f"Note {i}: the marker{i:04d} {WORDS[j % 10]} passage number {j}. " * 6 for j in range(4)]
        (folder / f"note{i:04d}.txt").write_text("\n\n".join(paragraphs))


@pytest.fixture
def library(tmp_path):
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "report.pdf").write_bytes(make_pdf())
    (folder / "tides.md").write_text("# Tides\n\nTidal power converts the energy of tides into electricity.")
    (folder / "wind.txt").write_text("Wind notes\n\nOffshore wind farms place turbines at sea.")
    return folder


def _read(folder: Path, index_dir: Path) -> tuple[list[str], object]:
    seen: list[str] = []
    summary = update_index(folder, index_dir, progress=lambda p: seen.append(p.current), workers=1)
    return seen, summary


def test_a_second_run_reads_only_what_was_added_changed_or_removed(library, tmp_path):
    index_dir = tmp_path / "index"
    seen, first = _read(library, index_dir)
    assert sorted(seen) == ["report.pdf", "tides.md", "wind.txt"] and first.read == 3 and first.passages > 3
    seen, again = _read(library, index_dir)
    assert seen == [] and again.read == 0 and again.unchanged == 3 and again.passages == first.passages

    (library / "wind.txt").write_text("Wind notes\n\nKites pull ships across the ocean.")
    (library / "geo.md").write_text("# Geo\n\nGeothermal plants use heat from inside the earth.")
    (library / "tides.md").unlink()
    seen, update = _read(library, index_dir)
    assert sorted(seen) == ["geo.md", "wind.txt"] and update.read == 2 and update.removed == 1

    os.utime(library / "geo.md", ns=(1, 1))  # touched, same content: re-stamped, not re-indexed
    seen, touched = _read(library, index_dir)
    assert seen == ["geo.md"] and touched.restamped == 1 and touched.read == 0

    provider = LocalCorpusProvider(library, index_dir=index_dir)
    assert provider.search_sync("kites ships", max_results=3)[0].url.endswith("wind.txt")
    assert not provider.search_sync("offshore turbines", max_results=3)  # the old text is gone
    assert not provider.search_sync("tidal power", max_results=3)  # the removed file too
    assert provider.search_sync("geothermal", max_results=3)[0].url.endswith("geo.md")
    assert provider.search_sync("motorboats weir", max_results=3)[0].url.endswith("report.pdf")


def _consistent(index_dir: Path, folder: Path) -> tuple[int, int]:
    """Every file in the catalogue has all its passages; every hit is a whole file's passage."""
    searcher = LibrarySearcher(index_path(index_dir, folder))
    conn = searcher._conn()
    rows = conn.execute(
        "SELECT f.path, f.passages, count(p.id) FROM files f LEFT JOIN passages p ON p.file_id = f.id GROUP BY f.id"
    ).fetchall()
    assert all(expected == have for _, expected, have in rows), rows
    hits = searcher.lexical("marker passage tide river", 200)
    paths = {p.path for p in searcher.passages([pid for pid, _ in hits]).values()}
    assert paths <= {path for path, _, _ in rows}
    searcher.close()
    return len(rows), sum(n for _, n, _ in rows)


def _committed(index_dir: Path, folder: Path) -> int:
    """Files the index's catalogue holds now (0 before it exists)."""
    try:
        searcher = LibrarySearcher(index_path(index_dir, folder))
        try:
            return int(searcher._conn().execute("SELECT count(*) FROM files").fetchone()[0])
        finally:
            searcher.close()
    except Exception:
        return 0


def test_a_killed_index_run_is_repaired_by_the_next(tmp_path):
    folder, index_dir = tmp_path / "library", tmp_path / "index"
    _many(folder, 400)
    env = {"DEEPREF_INDEX_DIR": str(index_dir)}
    proc = _cli("index", str(folder), "--workers", "1", "--batch-seconds", "0", env=env)
    deadline = time.monotonic() + 120
    while proc.poll() is None and not _committed(index_dir, folder) and time.monotonic() < deadline:
        time.sleep(0.01)  # waiting for a signal: the first batch in the catalogue, then kill at once
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    files, _ = _consistent(index_dir, folder)
    assert 0 < files < 400  # killed midway, and what it committed is whole

    again = _cli("index", str(folder), env=env)
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    assert "400 files" in out and f"{400 - files:,} read" in out
    assert _consistent(index_dir, folder) == (400, 1600)
    provider = LocalCorpusProvider(folder, index_dir=index_dir)
    assert provider.search_sync("marker0399", max_results=3)[0].url.endswith("note0399.txt")


def test_readers_see_whole_files_while_a_writer_runs(tmp_path):
    folder, index_dir = tmp_path / "library", tmp_path / "index"
    _many(folder, 40)
    update_index(folder, index_dir, workers=1)
    for i in range(40, 240):  # the writer adds these while the reader queries
        (folder / f"note{i:04d}.txt").write_text(f"Added note marker{i:04d}. " * 10)
    errors: list[BaseException] = []
    counts: list[tuple[int, int]] = []
    done = threading.Event()

    def read() -> None:
        try:
            while not done.is_set():
                counts.append(_consistent(index_dir, folder))
        except BaseException as exc:
            errors.append(exc)

    reader = threading.Thread(target=read)
    reader.start()
    import deepref.search.library.update as update

    batch, update.COMMIT_SECONDS = update.COMMIT_SECONDS, 0.0
    try:
        summary = update_index(folder, index_dir, workers=1)
    finally:
        update.COMMIT_SECONDS = batch
        done.set()
        reader.join()
    assert not errors, errors[0]
    assert summary.read == 200 and counts and counts[0][0] >= 40
    assert _consistent(index_dir, folder)[0] == 240


def test_the_index_holds_nothing_from_outside_the_folder(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("The launch code is swordfish.")
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "note.txt").write_text("A note about gardens and swordfish recipes is absent.")
    (folder / "escape.txt").symlink_to(secret)
    summary = update_index(folder, tmp_path / "index", workers=1)
    assert summary.read == 1 and any("outside the folder" in m for m in summary.skipped["outside-folder"])
    searcher = LibrarySearcher(index_path(tmp_path / "index", folder))
    texts = [p.text for p in searcher.passages([pid for pid, _ in searcher.lexical("launch code", 10)]).values()]
    assert not any("launch" in t for t in texts)


def test_deepref_index_shows_progress_and_a_summary(library, tmp_path):
    (library / "empty.txt").write_bytes(b"")
    env = {"DEEPREF_INDEX_DIR": str(tmp_path / "index")}
    out, err = _cli("index", str(library), env=env).communicate(timeout=120)
    assert "4/4 files" in err and "pages/s" in err
    assert "4 files: 3 read" in out and "1 skipped" in out and "passages in the index" in out
    assert "skipped (empty): 1" in out and "empty.txt is empty" in out
    out, _ = _cli("index", str(library), env=env).communicate(timeout=120)
    assert "0 read, 4 unchanged" in out

    bad = _cli("index", str(tmp_path / "nope"), env=env)
    _, err = bad.communicate(timeout=60)
    assert bad.returncode == 2 and "no such folder" in err and "Traceback" not in err


def test_a_job_updates_a_stale_index_first_with_progress_messages(library, tmp_path):
    from deepref.worker.jobs.models import ResearchOptions
    from deepref.worker.pipeline.embedded import run_research
    from deepref.worker.settings import Settings

    index_dir = tmp_path / "index"
    update_index(library, index_dir, workers=1)
    (library / "geo.md").write_text("# Geo\n\nGeothermal plants use heat from inside the earth to make electricity.")
    settings = Settings(index_dir=index_dir, embedder="jaccard", llm_base_url=None)
    messages: list[str] = []
    result = run_research(
        "How do geothermal plants make electricity?",
        ResearchOptions(corpus_dir=str(library)),
        settings=settings,
        on_update=lambda record: messages.append(record.message or ""),
    )
    assert any(m.startswith("indexing the corpus folder: 1/1 files") for m in messages), messages
    assert any(m.startswith("corpus index: 4 files: 1 read, 3 unchanged") for m in messages), messages
    assert any(r.url.endswith("geo.md") for r in result.references)
    seen, again = _read(library, index_dir)
    assert seen == [] and again.read == 0  # the job left the index up to date


@pytest.fixture
def endpoint(openai_server):
    """``endpoint(model)``: the openai embedder on the loopback OpenAI-compatible server
    (hashed bag-of-words vectors); closed after the test. ``.server`` is the server."""
    from deepref.worker.inference.embedding import OpenAIEmbedder

    made = []

    def make(model: str = "fake-embed") -> OpenAIEmbedder:
        made.append(OpenAIEmbedder(openai_server.v1, api_key=openai_server.api_key, model=model, max_retries=0))
        return made[-1]

    make.server = openai_server
    yield make
    for embedder in made:
        embedder.close()


def _vector_ids(index_dir: Path, folder: Path) -> tuple[set[int], set[int]]:
    """(ids with a stored vector, ids of passages)."""
    conn = LibrarySearcher(index_path(index_dir, folder))._conn()
    return {r[0] for r in conn.execute("SELECT id FROM vectors")}, {
        r[0] for r in conn.execute("SELECT id FROM passages")
    }


def test_hybrid_fuses_the_lexical_and_the_dense_order():
    import numpy as np

    from deepref.search.library.hybrid import fuse, rerank
    from deepref.search.library.vectors import decode, encode

    assert [i for i, _ in fuse([[1, 2, 3], [3, 1, 2]])] == [1, 3, 2]
    axes = {1: np.array([0, 0, 1.0]), 2: np.array([0, 1.0, 0]), 3: np.array([1.0, 0, 0])}
    candidates = [(1, 3.0), (2, 2.0), (3, 1.0)]  # (passage id, BM25) in lexical order
    assert rerank(np.array([1.0, 0, 0]), candidates, axes, dense_share=0.5) == [1, 3, 2]
    assert rerank(np.array([1.0, 0, 0]), candidates, axes, dense_share=0.8) == [3, 1, 2]  # the cosine leads
    assert rerank(np.array([1.0, 0, 0]), candidates, {}) == [1, 2, 3]  # no vectors: the lexical order
    rows = np.random.default_rng(1).standard_normal((5, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    back = decode(encode(rows))
    assert back.shape == rows.shape and np.min(np.sum(back * rows, axis=1)) > 0.999


@pytest.mark.local_model
def test_vectors_written_at_index_time_rank_the_queries(tmp_path):
    from deepref.worker.inference.embedding import LocalEmbedder

    folder, index_dir = tmp_path / "library", tmp_path / "index"
    folder.mkdir()
    (folder / "a.txt").write_text("Notes on the tide: the tide tables of the week, tide after tide.")
    (folder / "b.txt").write_text("Notes on the tide and the ferry timetable of the week, tide by tide.")
    (folder / "c.txt").write_text("Notes on the tide: how seabirds feed on the mudflats at low water.")
    summary = update_index(folder, index_dir, workers=1, embedder=LocalEmbedder())
    assert summary.embedded == summary.passages == 3
    have, passages = _vector_ids(index_dir, folder)
    assert have == passages

    query = "tide gulls and waders"
    lexical = [h.url[-5:] for h in LocalCorpusProvider(folder, index_dir=index_dir).search_sync(query, max_results=3)]
    assert lexical[-1] == "c.txt"  # one "tide" only
    provider = LocalCorpusProvider(folder, index_dir=index_dir, embedder=LocalEmbedder())
    provider.prepare()
    hybrid = [h.url[-5:] for h in provider.search_sync(query, max_results=3)]
    assert hybrid.index("c.txt") < 2 and provider.warnings == []  # the seabirds passage moves up


def test_an_update_embeds_new_passages_and_drops_removed_files_vectors(tmp_path, endpoint):
    folder, index_dir = tmp_path / "library", tmp_path / "index"
    _many(folder, 6)
    embedder = endpoint()
    first = update_index(folder, index_dir, workers=1, embedder=embedder)
    have, passages = _vector_ids(index_dir, folder)
    assert first.embedded == len(passages) == 24 and have == passages

    (folder / "note0000.txt").unlink()
    (folder / "note0001.txt").write_text("A new text about kites.\n\nAnd a second paragraph on kites.")
    (folder / "note0099.txt").write_text("Another note about harbour walls.")
    inputs = len(endpoint.server.fake.requests)
    second = update_index(folder, index_dir, workers=1, embedder=embedder)
    have_after, passages_after = _vector_ids(index_dir, folder)
    assert have_after == passages_after and len(passages_after) == 4 * 4 + second.embedded
    assert second.embedded == len(passages_after - passages) and 0 < second.embedded < 5
    assert have_after & have == passages_after & passages  # unchanged files kept their vectors
    embedded = [t for r in endpoint.server.fake.requests[inputs:] for t in r["body"]["input"]]
    assert not any("marker0002" in t for t in embedded)  # only what is new was embedded


def test_another_embedder_embeds_every_passage_again_and_says_so(tmp_path, endpoint):
    folder, index_dir = tmp_path / "library", tmp_path / "index"
    _many(folder, 3)
    update_index(folder, index_dir, workers=1, embedder=endpoint("model-a"))
    again = update_index(folder, index_dir, workers=1, embedder=endpoint("model-a"))
    assert again.embedded == 0 and again.notes == []
    other = update_index(folder, index_dir, workers=1, embedder=endpoint("model-b"))
    assert other.embedded == 12
    assert any("the embedder changed" in n and "openai-model-a" in n and "openai-model-b" in n for n in other.notes)
    meta = LibrarySearcher(index_path(index_dir, folder)).meta()
    assert meta["vectors"] == "openai-model-b" and meta["vectors_state"] == "complete"


def test_hybrid_on_an_index_without_usable_vectors_ranks_lexically_with_a_warning(tmp_path, endpoint):
    from deepref.search.library import hybrid

    folder, index_dir = tmp_path / "library", tmp_path / "index"
    _many(folder, 3)
    update_index(folder, index_dir, workers=1)
    searcher = LibrarySearcher(index_path(index_dir, folder))
    lexical, _ = hybrid.search(searcher, "marker0001 tide", 5, None)
    found, why = hybrid.search(searcher, "marker0001 tide", 5, endpoint())
    assert found == lexical and "no stored vectors" in why and "deepref index --vectors" in why
    update_index(folder, index_dir, workers=1, embedder=endpoint("model-a"))
    found, why = hybrid.search(searcher, "marker0001 tide", 5, endpoint("model-b"))
    assert found == lexical and "made by openai-model-a" in why and "openai-model-b" in why

    endpoint.server.fake.fail_status = 500  # the endpoint is down: the job's index update cannot embed
    provider = LocalCorpusProvider(folder, index_dir=tmp_path / "other-index", embedder=endpoint())
    hits = provider.search_sync("marker0001", max_results=3)
    assert hits[0].url.endswith("note0001.txt")
    assert any("ranked lexically" in w and "no stored vectors" in w for w in provider.warnings)


def _vectors_committed(index_dir: Path, folder: Path) -> int:
    try:
        searcher = LibrarySearcher(index_path(index_dir, folder))
        try:
            return int(searcher._conn().execute("SELECT count(*) FROM vectors").fetchone()[0])
        finally:
            searcher.close()
    except Exception:
        return 0


def test_a_run_killed_while_embedding_leaves_a_consistent_index(tmp_path, endpoint):
    import deepref.search.library.vectors as vectors_module

    folder, index_dir = tmp_path / "library", tmp_path / "index"
    _many(folder, 300)
    env = {
        "DEEPREF_INDEX_DIR": str(index_dir),
        "DEEPREF_EMBEDDER": "openai",
        "DEEPREF_EMBEDDING_BASE_URL": endpoint.server.v1,
        "DEEPREF_EMBEDDING_API_KEY": endpoint.server.api_key,
        "DEEPREF_EMBEDDING_BATCH_SIZE": "16",
    }
    proc = _cli("index", str(folder), "--vectors", "--workers", "1", env=env)
    deadline = time.monotonic() + 120
    while proc.poll() is None and not _vectors_committed(index_dir, folder) and time.monotonic() < deadline:
        time.sleep(0.005)  # waiting for a signal: the first batch of vectors in the catalogue
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    have, passages = _vector_ids(index_dir, folder)
    assert len(passages) == 1200 and 0 < len(have) < 1200 and have <= passages
    assert len(have) % vectors_module.EMBED_BATCH == 0  # whole batches only

    again = _cli("index", str(folder), "--vectors", env=env)
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    assert "0 read, 300 unchanged" in out and f"vectors: {1200 - len(have):,} passages embedded" in out
    have, passages = _vector_ids(index_dir, folder)
    assert have == passages and len(have) == 1200


def test_jobs_use_stored_vectors_only_when_the_setting_says_so(library, tmp_path, endpoint):
    from deepref.worker.jobs.models import ResearchOptions
    from deepref.worker.pipeline.stages import Resources
    from deepref.worker.settings import Settings

    embedder = endpoint()
    options = ResearchOptions(corpus_dir=str(library))
    for vectors, expected in ((False, None), (True, embedder)):
        settings = Settings(index_dir=tmp_path / "index", library_vectors=vectors)
        local = Resources(settings=settings, fetcher=None, embedder=embedder).provider(options).providers[0]
        assert local.name == "local" and local.embedder is expected and local.index_dir == tmp_path / "index"


def _index_in(where: str, folder: str, index_dir: str, out) -> None:
    try:
        summary = update_index(Path(folder), Path(index_dir), workers=2)
        out.send((summary.read, summary.files, os.getpid()))
    except Exception as exc:
        out.send((type(exc).__name__, str(exc), where))


@pytest.mark.parametrize("where", ["daemonic process", "thread"])
def test_the_reading_pool_starts_wherever_a_job_runs(where, tmp_path):
    """Issue 36: a Celery prefork child is a daemonic process, which multiprocessing
    refuses children; a fresh folder of eight files or more failed there. From a thread
    (the embedded runner, a threads pool) the pool starts too."""
    import multiprocessing

    _many(tmp_path / "docs", 12)
    receive, send = multiprocessing.Pipe(duplex=False)
    args = (where, str(tmp_path / "docs"), str(tmp_path / "index"), send)
    if where == "thread":  # a daemon: were the run to hang, pytest must still be able to exit
        runner = threading.Thread(target=_index_in, args=args, daemon=True)
    else:
        runner = multiprocessing.get_context("fork").Process(target=_index_in, args=args, daemon=True)
    runner.start()
    assert receive.poll(60), "the index run did not finish"
    read, files, _ = receive.recv()
    runner.join(10)
    assert (read, files) == (12, 12)


def _descendants(pid: int) -> set[int]:
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _wedged_in_readers(parent: int, read_one):
    """read_one, except that in a reading process (not ``parent``) it never returns, as a
    reader wedged in a C library or on a lock a fork copied would not."""

    def read(root: str, rel: str, limits):
        if os.getpid() != parent:
            time.sleep(3600)
        return read_one(root, rel, limits)

    return read


def test_stalled_readers_are_killed_and_their_files_read_here(tmp_path, monkeypatch):
    """A reader that never answers must not hold the index (and its writer lock) for
    ever: after READER_STALL_SECONDS the readers are killed and the files they did not
    give back are read in the calling process."""
    from deepref.search.library import update

    _many(tmp_path / "docs", 12)
    monkeypatch.setattr(update, "READER_STALL_SECONDS", 2.0)
    monkeypatch.setattr(update, "POOL_START", "fork")  # the readers inherit the wedged read_one
    monkeypatch.setattr(update, "read_one", _wedged_in_readers(os.getpid(), update.read_one))
    before = _descendants(os.getpid())
    started = time.monotonic()
    summary = update_index(tmp_path / "docs", tmp_path / "index", workers=2)
    assert (summary.read, summary.files) == (12, 12)
    assert time.monotonic() - started >= 2.0  # it waited for the stall, then read them itself
    left = [pid for pid in _descendants(os.getpid()) - before if Path(f"/proc/{pid}/stat").exists()]
    assert all(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z" for pid in left)


def test_a_reader_dies_with_the_process_that_started_it(tmp_path):
    """The reason multiprocessing refuses a daemon children: a daemon killed cannot stop
    them. The readers ask the kernel for SIGKILL when their parent ends instead."""
    code = (
        "import sys, time\n"
        "from deepref.search.library.update import _reader_pool\n"
        "with _reader_pool(1) as pool:\n"
        "    pool.submit(time.sleep, 60)\n"
        "    time.sleep(0.5)\n"
        "    print(*pool._processes, flush=True)\n"
        "    time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], cwd=REPO, stdout=subprocess.PIPE, text=True)
    try:
        reader = int(parent.stdout.readline())
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 10
        while Path(f"/proc/{reader}").exists() and time.monotonic() < deadline:
            if Path(f"/proc/{reader}/stat").read_text().split()[2] == "Z":  # ended, not yet reaped
                break
            time.sleep(0.05)
        alive = Path(f"/proc/{reader}").exists() and Path(f"/proc/{reader}/stat").read_text().split()[2] != "Z"
        assert not alive, "the reader outlived the process that started it"
    finally:
        parent.kill()
        parent.wait()
        parent.stdout.close()
