"""Python callers may number their sources too: ``Source(id=3, ...)`` is source "3"."""

from __future__ import annotations

import pytest

from deepref.reference import Source, build_references


def test_integer_id_becomes_its_decimal_string_and_is_cited():
    sources = [
        Source(1, "https://a.example/paris", "Paris", "Paris is the capital of France."),
        Source(2, "https://b.example/berlin", "Berlin", "Berlin is the capital of Germany."),
    ]
    assert sources[0].id == "1"
    result = build_references("Berlin is the capital of Germany [2].", sources, markers="resolve")
    assert [r.source_id for r in result.references] == ["2"]
    assert result.answer == "Berlin is the capital of Germany[^1]."


@pytest.mark.parametrize("bad", [True, 2.0, None])
def test_other_non_string_ids_are_refused(bad):
    with pytest.raises(TypeError, match=r"Source\.id must be a string"):
        Source(bad, "https://a.example", "A", "text")
