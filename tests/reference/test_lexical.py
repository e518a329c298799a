import random

import numpy as np
import pytest

from deepref.reference.lexical import build_matrices, coverage, coverage_matrix, jaccard, jaccard_matrix, tokenize
from deepref.reference.tokens import _TOKEN_OR_SEPARATOR, TokenIndex, _split_words


def test_cjk_is_tokenised_into_bigrams():
    assert tokenize("机器学习") == ["机器", "器学", "学习"]
    assert tokenize("猫") == ["猫"]
    assert tokenize("Footnotes, the footnote!") == ["footnote", "footnote"]


def test_jaccard_matrix_is_vectorised_and_correct():
    m = jaccard(["cat dog fox", "owl elk"], ["cat dog", "dog fox yak", "owl"])
    expected = np.array([[2 / 3, 2 / 4, 0], [0, 0, 1 / 2]], dtype=np.float32)
    assert np.allclose(m, expected)


def test_chinese_sentences_are_similar():
    m = jaccard(["机器学习是AI的重要组成部分"], ["机器学习是人工智能的核心技术之一", "今天天气很好"])
    assert m[0, 0] > 0.1 and m[0, 1] == 0


def test_coverage_ignores_passage_length():
    a, b = build_matrices(["tidal power station"], ["the tidal power station opened long ago in france", "wind"])
    assert coverage_matrix(a, b)[0, 0] == 1.0


def test_coverage_of_a_query_weighs_its_distinct_tokens_by_the_idf_given():
    """The one measure of "how much of the query does this passage hold" that the library's
    hybrid ranking (with the index's IDF) and a follow-up's sources (with their own) use."""
    idf = {"red": 3.0, "kite": 1.0, "pier": 3.0}
    texts = ["The red kite at the pier", "A kite", "Red kites at piers", "a tide"]
    assert np.allclose(coverage("red kite pier", texts, idf), [1.0, 1 / 7, 1.0, 0.0])
    assert np.allclose(coverage("red red pier", ["red"], idf), [0.5])  # a repeated word counts once
    assert np.allclose(coverage("red gull", ["gull"], idf), [0.0])  # a token the IDF does not name weighs nothing
    assert coverage("", ["kite"], idf).tolist() == [0.0]
    assert coverage("kite", [], idf).shape == (0,)
    # without an IDF, the passages' own: "pier" is in one of three, "kite" in all
    own = coverage("kite pier", ["kite", "kite gull", "kite pier"])
    rare, common = np.log1p(4 / 2), np.log1p(4 / 4)
    assert np.allclose(own, [common / (common + rare), common / (common + rare), 1.0])


ALPHABET = [*"abcdefg ABC  ..,_-'9\n\t", "ΑΣ", "σς", "é", "ß", "İ", "\u00a0", "\x00", "ｆｕｌｌ", "²", "٣"]
CJK = ["机器", "学习", "。", "人工智能", "テスト", "한국어", "「", "猫"]
ASTRAL = ["𝔘𝔫𝔦", "😀"]


@pytest.mark.parametrize("seed", range(40))
def test_token_index_gives_the_tokens_of_tokenize(seed):
    """The batch tokeniser (one split over joined texts, with a fast path for texts
    without CJK) finds exactly each text's distinct ``tokenize`` tokens."""
    rng = random.Random(seed)
    # seeds 0 mod 4: no CJK, nothing outside the BMP: the table path; the others the regex path
    pool = ALPHABET + (CJK if seed % 2 else []) + (ASTRAL if seed % 4 == 2 else [])
    texts = ["".join(rng.choice(pool) for _ in range(rng.randint(0, 40))) for _ in range(rng.randint(1, 30))]
    index = TokenIndex()
    first = index.ids(texts[: len(texts) // 2])  # two batches: the second reuses and extends the vocabulary
    rows = index.ids(texts)
    names = {i: t for t, i in index.vocab.items()}
    for text, row in zip(texts, rows, strict=True):
        assert [names[i] for i in row.tolist()] == sorted(set(tokenize(text)), key=index.vocab.__getitem__)
        assert list(row) == sorted(row)
    assert all(a is b for a, b in zip(first, rows, strict=False))  # remembered, not tokenised again


LATIN1 = [a for a in ALPHABET if max(map(ord, a)) < 256]


@pytest.mark.parametrize("seed", range(20))
def test_latin1_texts_take_the_tokens_of_tokenize(seed):
    """Batches of Latin-1 text take a third path (``bytes.translate``): same tokens."""
    rng = random.Random(seed)
    texts = ["".join(rng.choice(LATIN1) for _ in range(rng.randint(0, 40))) for _ in range(rng.randint(1, 30))]
    joined = " \x00 ".join(t.replace("\x00", " ") for t in texts).lower()  # as TokenIndex joins a batch
    assert _split_words(joined) == _TOKEN_OR_SEPARATOR.findall(joined)
    index = TokenIndex()
    rows = index.ids(texts)
    names = {i: t for t, i in index.vocab.items()}
    for text, row in zip(texts, rows, strict=True):
        assert [names[i] for i in row.tolist()] == sorted(set(tokenize(text)), key=index.vocab.__getitem__)


def test_build_matrices_with_a_shared_index_scores_the_same():
    left, right = ["tidal power in France", "wind farms"], ["The tidal power station", "offshore wind farms at sea"]
    shared = TokenIndex()
    shared.ids(["unrelated words first", *right])  # another stage saw the sources first
    fresh = jaccard_matrix(*build_matrices(left, right))
    reused = jaccard_matrix(*build_matrices(left, right, shared))
    assert np.array_equal(fresh, reused)
    a, b = build_matrices(left, right, shared)
    assert np.allclose(coverage_matrix(a, b), coverage_matrix(*build_matrices(left, right)))
