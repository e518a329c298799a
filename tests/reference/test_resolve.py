"""Markers written by the model: resolved per source, verified, unknown ids warned."""

from deepref.reference import Source, build_references

A = Source("1", "https://a.example/x", "A", "The Sihwa Lake station in South Korea opened in 2011.")
B = Source("2", "https://b.example/y", "B", "Offshore wind farms place turbines at sea.")
A2 = Source("3", "https://a.example/x", "A again", "Sihwa Lake has a capacity of 254 megawatts.")


def test_renumbered_by_source_and_unknown_ids_dropped():
    answer = "Wind farms place turbines at sea [2]. Sihwa Lake opened in 2011 [1][7]. It has 254 megawatts [3]."
    result = build_references(answer, [A, B, A2])
    assert result.answer == (
        "Wind farms place turbines at sea[^1]. Sihwa Lake opened in 2011[^2]. It has 254 megawatts[^2]."
    )
    assert any("'7'" in w for w in result.warnings)
    assert {(r.n, r.source_id) for r in result.references} == {(1, "2"), (2, "1"), (2, "3")}
    assert all(r.origin == "model" for r in result.references)


def test_verify_drops_unsupported_and_fills_uncited():
    answer = "Offshore wind farms place turbines at sea [1]. The Sihwa Lake station in South Korea opened in 2011."
    result = build_references(answer, [A, B], markers="verify", drop_unsupported=True, fill_uncited=True)
    assert any("dropped unsupported" in w for w in result.warnings)
    kinds = {(r.source_id, r.origin) for r in result.references}
    assert ("1", "attributed") in kinds and ("1", "model") not in kinds


def test_verify_marks_supported():
    result = build_references("Sihwa Lake opened in 2011 [1].", [A], markers="verify")
    assert result.references[0].supported is True


def test_sources_tag_attaches_to_following_claim():
    answer = "<sources>[2]</sources>\nOffshore wind farms place turbines at sea."
    result = build_references(answer, [A, B])
    assert result.answer == "Offshore wind farms place turbines at sea.[^1]"
    assert result.references[0].source_id == "2"


def test_positional_ids_when_sources_have_names():
    named = [Source("alpha", A.url, "A", A.text), Source("beta", B.url, "B", B.text)]
    result = build_references("Turbines at sea [2].", named)
    assert result.references[0].source_id == "beta"


def test_cited_passages_are_embedded_even_when_the_prefilter_would_skip_them():
    class Recording:
        name = "rec"

        def __init__(self):
            self.texts = []

        def embed(self, texts):
            import numpy as np

            self.texts.extend(texts)
            return np.ones((len(texts), 8), dtype=np.float32)

    filler = [
        Source(str(i), f"https://f{i}.example/", "F", f"Sihwa Lake station filler text number {i}.")
        for i in range(1, 12)
    ]
    odd = Source("12", "https://odd.example/", "Odd", "A lagoon near Ansan produces electricity from the sea.")
    emb = Recording()
    build_references("The Sihwa Lake station opened in 2011 [12].", [*filler, odd], embedder=emb, markers="verify")
    assert odd.text in emb.texts  # the model's citation is scored with dense evidence too


def test_resolve_keeps_a_citation_to_a_short_source():
    # a search snippet or a table row is shorter than the shortest chunk attribution uses
    snippet = Source("s", "https://s.example/", "Snippet", "254 MW")
    result = build_references("Sihwa Lake has a capacity of 254 megawatts [1].", [snippet], markers="resolve")
    (ref,) = result.references
    assert ref.source_id == "s" and ref.quote == "254 MW" and ref.origin == "model"
    assert ref.supported is None  # resolve ties citations to passages; only verify judges them
    assert 0.0 <= ref.support <= 1.0


def test_resolve_keeps_a_citation_to_a_source_without_text():
    empty = Source("e", "https://e.example/", "Empty", "   ")
    result = build_references("Sihwa Lake opened in 2011 [1].", [empty], markers="resolve")
    (ref,) = result.references
    assert ref.source_id == "e" and ref.quote == ""
    assert result.answer == "Sihwa Lake opened in 2011[^1]."
    assert any("no citable text" in w for w in result.warnings)


def test_verify_judges_a_short_source_by_its_support():
    snippet = Source("s", "https://s.example/", "Snippet", "Sihwa: 254 MW")
    wrong = build_references(
        "Offshore wind farms place turbines at sea [1].", [snippet], markers="verify", drop_unsupported=True
    )
    assert wrong.references == () and any("dropped unsupported" in w for w in wrong.warnings)
