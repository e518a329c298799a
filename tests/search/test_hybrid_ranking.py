"""Hybrid ranking of the library (search/library/hybrid.py): a sentence pasted from a
document finds that document first, however the embedder ranks it (issue 34)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from deepref.search.library import hybrid
from deepref.search.library.update import update_index
from deepref.search.local import LocalCorpusProvider

TOPIC = ("kite", "ferry", "quarry", "harbour")


class TopicEmbedder:
    """Counts of four topic words: a passage's cosine to a sentence falls as its other
    sentences add other topics, as MiniLM's does (the mean of a passage's tokens)."""

    name = "topic-counts"

    def embed(self, texts: list[str]) -> np.ndarray:
        rows = np.array(
            [[len(re.findall(rf"\b{w}", t.lower())) for w in TOPIC] for t in texts], dtype=np.float32
        ) + np.float32(1e-3)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


PASTED = "The red kite climbed over the quarry while the ferry waited at the pier."


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "library"
    folder.mkdir()
    (folder / "diary.txt").write_text(
        f"Diary of the week. {PASTED} The harbour master logged the harbour tides, "
        "the harbour lights and the harbour dues for the harbour board."
    )
    (folder / "birds.txt").write_text("Kite watching: a kite, a ferry and a quarry; the kite again over the quarry.")
    (folder / "boats.txt").write_text("Ferry crossings: the ferry by the quarry, a kite above the ferry deck.")
    return folder


def _names(provider: LocalCorpusProvider, query: str) -> list[str]:
    return [h.url.rsplit("/", 1)[1] for h in provider.search_sync(query, max_results=3)]


def test_a_pasted_sentence_finds_its_document_first_under_hybrid_ranking(tmp_path, folder, monkeypatch):
    index_dir = tmp_path / "index"
    update_index(folder, index_dir, workers=1, embedder=TopicEmbedder())
    assert _names(LocalCorpusProvider(folder, index_dir=index_dir), PASTED)[0] == "diary.txt"  # lexically first
    provider = LocalCorpusProvider(folder, index_dir=index_dir, embedder=TopicEmbedder())

    assert _names(provider, PASTED)[0] == "diary.txt"
    assert provider.warnings == []
    # the fusion alone (the ranking before): the topic's copies outrank the sentence's own file
    monkeypatch.setattr(hybrid, "COVERED", float("inf"))
    assert _names(provider, PASTED)[0] != "diary.txt"


def test_covering_weighs_the_query_tokens_by_the_index_idf():
    idf = {"red": 3.0, "kite": 1.0, "pier": 3.0}
    texts = {1: "The red kite at the pier", 2: "A kite", 3: "Red kites at piers", 4: "red pier"}
    assert hybrid.covering("red kite pier", texts, idf) == {1, 3}  # plural and case as the index tokenises
    assert hybrid.covering("red kite pier", texts, idf, share=6 / 7) == {1, 3, 4}  # "kite" weighs 1 of 7
