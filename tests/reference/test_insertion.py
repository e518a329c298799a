from hypothesis import given, settings
from hypothesis import strategies as st

from deepref.reference import Source, build_references
from deepref.reference.insertion import insert_markers, marker_position, remove_markers
from deepref.reference.segmentation import Layout

SOURCES = [
    Source("1", "https://a.example/", "A", "Tidal power converts the energy of tides into electricity."),
    Source("2", "https://b.example/", "B", "人工智能是计算机科学的一个分支。"),
]


def test_insert_several_at_one_position_in_order():
    text, spans = insert_markers("ab", [(1, 3), (1, 2), (1, 3)])
    assert text == "a[^2][^3]b"
    assert spans == [(1, 5, 2), (5, 9, 3)]
    assert remove_markers(text, spans) == "ab"


def test_marker_position_respects_protected_ranges():
    layout = Layout("Run `x = 1` now")
    assert marker_position(layout, 0, 11) == 11  # after the closing backtick, not inside


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab .。\n-*1`|#[]^\r人工智能tides power")), max_size=200))
def test_answer_minus_markers_is_unchanged(answer):
    result = build_references(answer, SOURCES, markers="attribute", min_rel_score=0.0)
    assert remove_markers(result.answer, list(result.markers)) == answer
    for start, end, n in result.markers:
        assert result.answer[start:end] == f"[^{n}]"
