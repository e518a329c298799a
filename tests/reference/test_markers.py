import pytest

from deepref.reference.markers import MAX_IDS_PER_MARKER, find_markers, parse_markers, strip_markers


@pytest.mark.parametrize(
    ("text", "ids", "syntax"),
    [
        ("claim [1].", [("1",)], "bracket"),
        ("claim [1][2].", [("1",), ("2",)], "bracket"),
        ("claim [1, 3].", [("1", "3")], "bracket"),
        ("claim [1-3].", [("1", "2", "3")], "bracket"),
        ("claim [1–3].", [("1", "2", "3")], "bracket"),
        ("claim [^4].", [("4",)], "footnote"),
        ("Yes[1](id=3), no", [("3",)], "link_id"),
        ("<sources>[1, 2]</sources>\nclaim.", [("1", "2")], "sources_tag"),
    ],
)
def test_syntaxes(text, ids, syntax):
    markers = find_markers(text)
    assert [m.ids for m in markers] == ids
    assert {m.syntax for m in markers} == {syntax}


def test_not_markers():
    text = "Use `arr[1]` and\n```\nx[2]\n```\n[a link](https://x.example) [1]: https://def.example"
    assert find_markers(text) == []


def test_range_is_capped_with_a_warning():
    markers, warnings = parse_markers("claim [1-999999].")
    assert len(markers[0].ids) == MAX_IDS_PER_MARKER
    assert "kept the first" in warnings[0]


def test_strip_tidies_whitespace():
    text = "Claim one [1]. Claim two [1][2].\n<sources>[3]</sources>\nNext paragraph."
    cleaned, positions = strip_markers(text, find_markers(text))
    assert cleaned == "Claim one. Claim two.\nNext paragraph."
    assert [cleaned[:p][-3:] for p in positions[:2]] == ["one", "two"]


def test_writer_node_cases():
    # the four cases of seed 004: several tags, unknown id, empty tag, no tag
    text = "<sources>[1, 2]</sources>\nA. <sources>[5]</sources>\nB. <sources>[]</sources>\nC."
    markers = find_markers(text)
    assert [m.ids for m in markers] == [("1", "2"), ("5",), ()]
    cleaned, _ = strip_markers(text, markers)
    assert "<sources>" not in cleaned
    assert find_markers("plain text") == []
