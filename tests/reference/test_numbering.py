from reference import Source, build_references, merge_results
from reference.numbering import Numbering

A = Source("1", "https://a.example/p", "A", "Tidal power converts the energy of tides into electricity.")
B = Source("2", "https://b.example/q", "B", "Offshore wind farms place turbines at sea.")


def test_numbering_by_first_appearance_and_source_key():
    n = Numbering()
    assert [n.number(B), n.number(A), n.number(B)] == [1, 2, 1]
    rows = Numbering(source_key=lambda s: s.id)
    assert rows.number(Source("r1", "d.csv", "d", "x")) != rows.number(Source("r2", "d.csv", "d", "y"))


def test_merge_results_shares_numbers_across_sections():
    one = build_references("Offshore wind farms place turbines at sea.", [A, B])
    two = build_references(
        "Tidal power converts the energy of tides. Offshore wind farms place turbines at sea.", [A, B]
    )
    texts, refs = merge_results([one, two])
    assert texts[0].endswith("[^1]")
    assert "tides.[^2]" in texts[1] and texts[1].endswith("[^1]")
    assert {(r.n, r.url) for r in refs} == {(1, B.url), (2, A.url)}
