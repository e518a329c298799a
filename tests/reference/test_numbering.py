from dataclasses import replace

from deepref.reference import Source, build_references, merge_results
from deepref.reference.numbering import Numbering, TextKeys, continue_numbering, unify_sources

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


def test_a_follow_up_continues_the_threads_numbers_gaps_and_all():
    C = Source("3", "https://c.example/r", "C", "Barrages change the habitats of wading birds.")
    earlier = build_references("Offshore wind farms place turbines at sea.", [A, B]).references
    earlier = tuple(replace(ref, n=4) for ref in earlier)  # B is [^4] in the thread
    answer = "Barrages change the habitats of wading birds. Offshore wind farms place turbines at sea."
    merged = continue_numbering(earlier, build_references(answer, [A, B, C]))
    assert (
        merged.answer
        == "Barrages change the habitats of wading birds.[^5] Offshore wind farms place turbines at sea.[^4]"
    )
    assert [n for *_, n in merged.markers] == [5, 4]
    assert [merged.answer[s:e] for s, e, _ in merged.markers] == ["[^5]", "[^4]"]
    assert continue_numbering((), build_references(answer, [A, B, C])).answer.endswith(
        "birds.[^1] Offshore wind farms place turbines at sea.[^2]"
    )


def test_texts_equal_up_to_whitespace_share_a_key():
    words = [f"w{i}" for i in range(200)]
    middle = " ".join(words)
    keys = TextKeys()
    a = keys.key(middle)
    assert keys.key("  " + "\n\t".join(words) + "\n") == a
    assert keys.key(middle) == a
    # same first and last words (one bucket), another word in the middle: another text
    other = [*words[:100], "changed", *words[101:]]
    assert keys.key(" ".join(other)) != a
    assert keys.key(" ".join(words[:-1])) != a  # one word fewer
    assert keys.key("w0 w1") != keys.key("w0w1")  # a space between words still counts


def test_unify_sources_by_words_not_whitespace():
    body = " ".join(f"word{i}" for i in range(300))
    sources = [
        Source("1", "https://a.example/", "A", body),
        Source("2", "https://b.example/", "B", body.replace(" ", "\n", 7)),  # same page, reflowed
        Source("3", "https://c.example/", "C", body.replace("word150", "other")),  # same edges, not the same
        Source("4", "https://d.example/", "D", "  "),
        Source("5", "https://e.example/", "E", "  "),
    ]
    assert unify_sources(sources) == {"1": "1", "2": "1", "3": "3", "4": "4", "5": "5"}
    numbering = Numbering()
    assert [numbering.number(s) for s in sources[:3]] == [1, 1, 2]
