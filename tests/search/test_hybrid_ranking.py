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


def test_a_wide_lexical_lead_is_not_lost_to_a_cosine_a_hair_ahead():
    """A paraphrase's passage far ahead in BM25 and a hair behind in cosine stays first:
    reciprocal-rank fusion kept only the orders, so the dense order's weight decided
    (issue 34: held-out paraphrases 76.2% first against lexical ranking's 87.6%)."""
    axis = np.eye(6, dtype=np.float32)
    query = np.array([0.40, 0.42, 0.1, 0.1, 0.1, 0.1], dtype=np.float32)  # cosine = its component
    vectors = {pid: axis[pid - 1] for pid in range(1, 7)}
    candidates = [(1, 20.0), (2, 6.0), (3, 5.0), (4, 4.0), (5, 3.5), (6, 3.0)]
    assert hybrid.rerank(query, candidates, vectors)[0] == 1
    # a lexical lead by a hair, the cosine far ahead: the dense side decides
    close = [(1, 10.0), (2, 9.9), (3, 3.0), (4, 3.0), (5, 3.0), (6, 3.0)]
    query = np.array([0.1, 0.6, 0.1, 0.1, 0.1, 0.1], dtype=np.float32)
    assert hybrid.rerank(query, close, vectors)[0] == 2


def test_scores_are_standardised_per_query_and_a_missing_cosine_counts_lowest():
    assert np.allclose(hybrid.standard(np.array([1.0, 2.0, 3.0])), [-1.2247, 0.0, 1.2247], atol=1e-4)
    assert np.allclose(hybrid.standard(np.array([5.0, 5.0])), [0.0, 0.0])  # no spread: no vote
    assert np.allclose(hybrid.standard(np.array([1.0, np.nan, 3.0])), [-1.0, -1.0, 1.0])
    axis = np.eye(3, dtype=np.float32)
    # equal BM25: the passage with a vector and a positive cosine comes before the one without
    order = hybrid.rerank(np.array([1.0, 0, 0]), [(7, 2.0), (8, 2.0), (9, 1.0)], {8: axis[0], 9: axis[1]})
    assert order == [8, 7, 9]


def test_a_paraphrase_whose_file_leads_lexically_by_far_stays_first(tmp_path):
    """The words only one file has put it far ahead lexically; another file's vector
    is a hair closer to the question's. Ranks alone (the fusion before) put that other
    file first; the scores' margins keep the lexical leader first."""
    folder, index_dir = tmp_path / "library", tmp_path / "index"
    folder.mkdir()
    (folder / "falconry.txt").write_text(
        "The falconer fitted the jesses to the kite: a kite, a kite, a kite by the harbour."
    )
    (folder / "kites.txt").write_text("Kite, kite and kite: a kite.")
    (folder / "ferry.txt").write_text("A kite and a ferry.")
    (folder / "quarry.txt").write_text("A kite by the quarry.")
    (folder / "harbour.txt").write_text("A kite above the harbour.")
    update_index(folder, index_dir, workers=1, embedder=TopicEmbedder())
    query = "falconer jesses kite gauntlet"
    assert _names(LocalCorpusProvider(folder, index_dir=index_dir), query)[0] == "falconry.txt"  # lexically first
    provider = LocalCorpusProvider(folder, index_dir=index_dir, embedder=TopicEmbedder())
    assert _names(provider, query)[0] == "falconry.txt"
    assert provider.warnings == []
