import numpy as np

from deepref.reference.selection import greedy_multi, greedy_unique, ranked_pairs


def test_ranked_pairs_only_above_threshold():
    scores = np.array([[0.9, 0.1], [0.5, 0.8]], dtype=np.float32)
    assert [(p.segment, p.chunk) for p in list(ranked_pairs(scores, 0.5))] == [(0, 0), (1, 1), (1, 0)]


def test_greedy_unique_is_the_seed_rule():
    scores = np.array([[0.9, 0.85], [0.88, 0.2]], dtype=np.float32)
    kept = greedy_unique(scores, 0.7, 10)
    assert [(p.segment, p.chunk) for p in kept] == [(0, 0)]  # (1,0) reuses chunk 0; (0,1) reuses segment 0
    assert greedy_unique(scores, 0.95, 10) == []


def test_greedy_multi_distinct_sources_within_margin():
    scores = np.array([[0.9, 0.85, 0.6, 0.88]], dtype=np.float32)
    owners = np.array([1, 1, 2, 3])
    kept = greedy_multi(scores, owners, 0.5, 10, per_segment=3, margin=0.1)
    assert [p.chunk for p in kept] == [0, 3]  # chunk 1 repeats source 1; chunk 2 is too far below the best
