"""Retrieval on documents (issue 34, item 5): recall@k of the right PDF among many.

``python -m benchmarks pdf --retrieval`` writes every docs file (both splits) as a
PDF, the layout kinds in turn (benchmarks/pdf_layouts.py), into one folder with the
first 20 of Debian's PDFs under /usr/share/doc as distractors, indexes it as
``deepref index`` does, and asks questions through the provider a job uses
(``LocalCorpusProvider.search_sync``, one hit per file): every third sentence of a
split's docs verbatim, and the hand-written paraphrases (benchmarks/pdf_claims.py for the
held-out docs). A question is found at k when the PDF holding its sentence is
among the first k hits. Lexical ranking, and with ``--hybrid`` in the same run: the
packaged MiniLM's cosine alone, the reciprocal-rank fusion shipped before, the shipped
hybrid (z-scores mixed) and the shares in ``TRIED_SHARES``. ``--real`` asks about a
split's real PDFs instead (benchmarks/pdf_real.py: ``tune``, ``held-out``,
``held-out-2``, ``held-out-3``, ``held-out-4``; every third truth sentence verbatim and the split's hand-written
paraphrases). ``--split tune`` asks the tune split's questions instead (its
paraphrases: benchmarks/pdf_retrieval_tune.py and the citing's tune set,
benchmarks/pdf_claims_tune.py, 99 in all), the ones the ranking was tuned on;
the default, the held-out split, was measured once, after tuning.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.pdf_layouts import KINDS, make, sources

KS = (1, 5, 10)
EVERY = 3
TRIED_SHARES = (0.5,)
"""Cosine shares of the z-score fusion measured beside the shipped one (the grid's ends
that were close: docs/library.md, "Fusion by scores, not ranks")."""


def _library(folder: Path) -> dict[str, list[tuple[str, str, str]]]:
    """Write the PDFs; (question kind, question, file name) per split."""
    from benchmarks.pdf_claims import PARAPHRASES
    from benchmarks.pdf_claims_tune import TUNE_PARAPHRASES as TUNE_CLAIMS
    from benchmarks.pdf_retrieval_tune import TUNE_PARAPHRASES

    # per sentence, its paraphrases: the tune split's come from both tune sets (this one's
    # and the citing's, written by hand about the same docs files)
    written: dict[str, dict[str, list[str]]] = {"held-out": {}, "tune": {}}
    for split, sets in (("held-out", [PARAPHRASES]), ("tune", [TUNE_PARAPHRASES, TUNE_CLAIMS])):
        for paraphrases in sets:
            for sentence, paraphrase in paraphrases.items():
                written[split].setdefault(sentence, []).append(paraphrase)
    questions: dict[str, list[tuple[str, str, str]]] = {}
    texts: dict[str, str] = {}
    asked: dict[str, list[tuple[str, str, str]]] = {"held-out": [], "tune": []}
    i = 0
    for split in ("tune", "held-out"):
        for path in sources(split):
            truth = make(KINDS[i % len(KINDS)], path)
            i += 1
            name = f"{path.stem}.pdf"
            (folder / name).write_bytes(truth.data)
            texts[name] = " ".join(" ".join(page.split()) for page in truth.body)
            for sentence, _ in truth.sentences[::EVERY]:
                asked[split].append(("verbatim", sentence, sentence))
            for sentence, _ in truth.sentences:
                for paraphrase in written[split].get(sentence, []):
                    asked[split].append(("paraphrase", paraphrase, sentence))
    for n, pdf in enumerate(sorted(Path("/usr/share/doc").rglob("*.pdf"))[:20]):
        shutil.copyfile(pdf, folder / f"debian-{n:02d}-{pdf.name}")
    for split, rows in asked.items():
        # right: every written PDF that holds the sentence (a sentence may recur)
        questions[split] = [
            (kind, q, "|".join(sorted(name for name, text in texts.items() if sentence in text)))
            for kind, q, sentence in rows
        ]
    return questions


def _real_library(folder: Path, split: str) -> dict[str, list[tuple[str, str, str]]]:
    """Copy the real PDFs of ``split`` (benchmarks/pdf_real.py) and Debian's distractors
    into ``folder``; (question kind, question, right file names joined by "|"): every
    third truth sentence verbatim, and the split's hand-written paraphrases. A sentence
    may recur in several files (journal classes' sample papers share their template's
    text): each file holding it is right."""
    from benchmarks.bench_pdf import real_paraphrases
    from benchmarks.pdf_real import INSTALL, corpus

    by_kind, missing = corpus(split)
    if missing:
        print(f"{len(missing)} real PDFs missing ({', '.join(p.path for p in missing[:3])}...): {INSTALL}")
    paraphrases = real_paraphrases(split)
    held: dict[str, set[str]] = {}
    texts: dict[str, str] = {}
    asked: list[tuple[str, str, str]] = []
    for files in by_kind.values():
        for pdf, truth in files:
            name = f"{pdf.package}-{truth.source}.pdf"
            (folder / name).write_bytes(truth.data)
            texts[name] = " ".join(" ".join(page.split()) for page in truth.body)
            for sentence, _ in truth.sentences:
                held.setdefault(sentence, set()).add(name)
            for sentence, _ in truth.sentences[::EVERY]:
                asked.append(("verbatim", sentence, sentence))
            for sentence, _ in truth.sentences:
                if sentence in paraphrases:
                    asked.append(("paraphrase", paraphrases[sentence], sentence))
    for n, debian in enumerate(sorted(Path("/usr/share/doc").rglob("*.pdf"))[:20]):
        shutil.copyfile(debian, folder / f"debian-{n:02d}-{debian.name}")
    rows = []
    for kind, q, sentence in asked:
        right = held[sentence] | {name for name, text in texts.items() if sentence in text}
        rows.append((kind, q, "|".join(sorted(right))))
    return {split: rows}


def _files(searcher, question: str, order: list[int], k: int) -> list[str]:
    """Passage ids, best first, as the provider turns them into hits: boilerplate last,
    one hit per file."""
    from deepref.search.local import last_boilerplate

    passages = searcher.passages(order[: k * 8])
    names: list[str] = []
    for pid in last_boilerplate(question, [pid for pid in order[: k * 8] if pid in passages], passages):
        name = passages[pid].path
        if name not in names:
            names.append(name)
    return names[:k]


def _dense(provider, question: str, k: int) -> list[str]:
    """Embeddings alone: the lexical top 200 (the hybrid's candidates) by cosine only."""
    import numpy as np

    from deepref.search.library import hybrid

    searcher = provider._ready()
    ids = [pid for pid, _ in searcher.lexical(question, hybrid.RERANK_DEPTH)]
    vectors = searcher.vectors(ids)
    query = np.asarray(provider.embedder.embed([question]), dtype=np.float32)[0]
    order = sorted((pid for pid in ids if pid in vectors), key=lambda pid: -float(vectors[pid] @ query))
    return _files(searcher, question, order, k)


def _rrf(provider, question: str, k: int) -> list[str]:
    """The hybrid shipped before the z-score mix: the lexical top 200 and their cosine
    order fused by reciprocal rank (k = 60, the dense order weighing 4), the passages
    holding the query first."""
    import numpy as np

    from deepref.reference.lexical import tokenize
    from deepref.search.library import hybrid

    searcher = provider._ready()
    ids = [pid for pid, _ in searcher.lexical(question, hybrid.RERANK_DEPTH)]
    vectors = searcher.vectors(ids)
    query = np.asarray(provider.embedder.embed([question]), dtype=np.float32)[0]
    dense = sorted((pid for pid in ids if pid in vectors), key=lambda pid: -float(vectors[pid] @ query))
    fused = [pid for pid, _ in hybrid.fuse([ids, dense], weights=[1.0, 4.0])]
    top = searcher.passages(ids[: hybrid.COVER_DEPTH])
    held = hybrid.covering(
        question, {pid: f"{p.title} {p.text}" for pid, p in top.items()}, searcher.idf(tokenize(question))
    )
    order = [pid for pid in fused if pid in held] + [pid for pid in fused if pid not in held]
    return _files(searcher, question, order, k)


def _at_share(provider, question: str, share: float) -> list[str]:
    """The shipped hybrid with another cosine share (search.library.hybrid.DENSE_SHARE)."""
    from deepref.search.library import hybrid

    shipped, hybrid.DENSE_SHARE = hybrid.DENSE_SHARE, share
    try:
        return [h.url.rsplit("/", 1)[1] for h in provider.search_sync(question, max_results=max(KS))]
    finally:
        hybrid.DENSE_SHARE = shipped


def main(hybrid: bool = False, split: str = "held-out", real: bool = False) -> int:
    from deepref.search.library import hybrid as fusion
    from deepref.search.local import LocalCorpusProvider

    embedder = None
    if hybrid:
        from deepref.worker.inference.embedding import LocalEmbedder

        embedder = LocalEmbedder()
    with tempfile.TemporaryDirectory() as tmp:
        folder, index_dir = Path(tmp) / "library", Path(tmp) / "index"
        folder.mkdir()
        questions = _real_library(folder, split) if real else _library(folder)
        provider = LocalCorpusProvider(folder, index_dir=index_dir, embedder=embedder)
        started = time.perf_counter()
        provider.prepare()
        files, passages = provider._ready().counts()
        lexical = LocalCorpusProvider(folder, index_dir=index_dir)

        def names(provider: LocalCorpusProvider, question: str) -> list[str]:
            return [h.url.rsplit("/", 1)[1] for h in provider.search_sync(question, max_results=max(KS))]

        rankings = {"lexical (BM25)": lambda q: names(lexical, q)}
        if hybrid:
            rankings["embeddings alone (MiniLM, lexical top 200)"] = lambda q: _dense(provider, q, max(KS))
            rankings["hybrid before (RRF, dense weight 4, covering passages first)"] = lambda q: _rrf(
                provider, q, max(KS)
            )
            rankings[f"hybrid (shipped: z-scores mixed, cosine share {fusion.DENSE_SHARE}, covering first)"] = (
                lambda q: names(provider, q)
            )
            for share in TRIED_SHARES:
                if share != fusion.DENSE_SHARE:
                    rankings[f"hybrid at cosine share {share} (tried)"] = lambda q, share=share: _at_share(
                        provider, q, share
                    )
        print(
            f"library: {files} PDFs ({passages} passages), indexed in {time.perf_counter() - started:.1f}s; "
            f"split: {split}{' (real PDFs)' if real else ''}"
        )
        print("| ranking | questions | n | recall@1 | recall@5 | recall@10 |")
        print("|---|---|---|---|---|---|")
        for kind in ("verbatim", "paraphrase"):
            rows = [(q, right) for k, q, right in questions[split] if k == kind and right]
            if not rows:
                continue
            for name, rank in rankings.items():
                found = {k: 0 for k in KS}
                for question, right in rows:
                    got = rank(question)
                    wanted = set(right.split("|"))
                    for k in KS:
                        found[k] += any(n in wanted for n in got[:k])
                cells = " | ".join(f"{found[k] / len(rows):.1%}" for k in KS)
                print(f"| {name} | {kind} | {len(rows)} | {cells} |")
    return 0
