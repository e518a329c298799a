import numpy as np

from reference.lexical import build_matrices, coverage_matrix, jaccard, tokenize


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
