"""build_references: the seed's behaviour re-expressed, and each of the peer's bugs."""

from __future__ import annotations

import numpy as np
import pytest

from deepref.reference import Source, build_references, locate_quote
from deepref.reference.errors import InputError
from deepref.reference.insertion import remove_markers

AI = Source(
    "1",
    "https://example.com/ai-definition",
    "人工智能基础概念",
    "人工智能（AI）是计算机科学的一个分支，致力于创建能够执行通常需要人类智能的任务的系统。",
)
ML = Source(
    "2",
    "https://example.com/machine-learning",
    "机器学习简介",
    "机器学习是人工智能的核心技术之一，通过算法让计算机从数据中学习。",
)

TIDES = Source(
    "t",
    "https://energy.example/tides",
    "Tides",
    "Tidal power converts the energy of rising and falling tides into electricity. "
    "The La Rance station in France opened in 1966 and has a capacity of 240 megawatts.",
)
WIND = Source(
    "w",
    "https://energy.example/wind",
    "Wind",
    "Offshore wind farms place turbines at sea where winds are stronger and steadier. "
    "The Hornsea project in England is among the largest offshore wind farms.",
)


class FakeEmbedder:
    """Deterministic bag-of-words vectors: enough for cosine to prefer shared words."""

    name = "fake"

    def __init__(self, fail: bool = False):
        self.fail, self.calls = fail, []

    def embed(self, texts):
        self.calls.append(list(texts))
        if self.fail:
            raise RuntimeError("endpoint down")
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().split():
                out[i, hash(w.strip(".,")) % 64] += 1
        return out


def check_invariants(result, answer, sources):
    """What every result must satisfy, whatever the input."""
    by_id = {s.id: s for s in sources}
    assert remove_markers(result.answer, list(result.markers)) == answer  # attribution only adds markers
    for ref in result.references:
        text = by_id[ref.source_id].text
        assert text[ref.quote_span[0] : ref.quote_span[1]] == ref.quote
        span = locate_quote(ref.quote, text)
        assert span is not None and (span.start, span.end) == ref.quote_span
    for start, end, n in result.markers:
        assert result.answer[start:end] == f"[^{n}]"


def test_seed_chinese_example():
    answer = "人工智能是计算机科学的一个分支。机器学习是AI的重要组成部分。"
    # "AI" for 人工智能 is a paraphrase lexical evidence cannot confirm: at the default
    # support level only the first sentence is cited; the seed cites both at a lower level
    default = build_references(answer, [AI, ML])
    assert default.answer == "人工智能是计算机科学的一个分支[^1]。机器学习是AI的重要组成部分。"
    result = build_references(answer, [AI, ML], min_support=0.5)
    assert result.answer == "人工智能是计算机科学的一个分支[^1]。机器学习是AI的重要组成部分[^2]。"
    assert [(r.n, r.url) for r in result.references] == [(1, AI.url), (2, ML.url)]
    assert result.references[0].answer_chunk == "人工智能是计算机科学的一个分支。"
    assert result.scorer == "lexical"
    assert result.stats.count == 2 and result.stats.min <= result.stats.mean <= result.stats.max
    check_invariants(result, answer, [AI, ML])


def test_markers_and_definitions_use_the_same_numbers():
    # The peer numbered markers by position but definitions by score: [^1] could name
    # the wrong page. Here the later sentence scores higher, and numbers still follow reading order.
    answer = (
        "Offshore wind farms place turbines at sea. The La Rance station in France opened in 1966 and "
        "has a capacity of 240 megawatts."
    )
    result = build_references(answer, [TIDES, WIND])
    refs = {r.n: r for r in result.references}
    assert refs[1].url == WIND.url and refs[2].url == TIDES.url
    assert result.answer.index("[^1]") < result.answer.index("[^2]")
    rendered = result.render("markdown")
    assert f"[^1]: [Wind]({WIND.url})" in rendered
    assert f"[^2]: [Tides]({TIDES.url})" in rendered


def test_empty_title_does_not_shift_numbers():
    untitled = Source("w", WIND.url, "", WIND.text)
    answer = "Offshore wind farms place turbines at sea. The La Rance station in France opened in 1966."
    result = build_references(answer, [untitled, TIDES])
    assert [(r.n, r.title) for r in result.references] == [(1, WIND.url), (2, "Tides")]
    assert "[^2]: [Tides]" in result.render("markdown")


def test_one_page_under_two_urls_gets_one_number():
    twin = Source("t2", "http://WWW.energy.example/tides/?utm_source=feed", "Tides again", TIDES.text)
    answer = "Tidal power converts the energy of tides into electricity. The La Rance station opened in 1966."
    result = build_references(answer, [TIDES, twin])
    assert {r.n for r in result.references} == {1}
    assert result.render("markdown").count("[^1]:") == 1


def test_no_markers_inside_code_headings_or_crlf():
    answer = (
        "# Tidal power converts the energy of tides\r\n"
        "Use `arr[1]` for tides.\r\n"
        "```\nTidal power converts the energy of rising and falling tides into electricity.\n```\r\n"
        "Tidal power converts the energy of rising and falling tides into electricity.\r\n"
    )
    result = build_references(answer, [TIDES])
    assert "`arr[1]`" in result.answer
    assert result.answer.startswith("# Tidal power converts the energy of tides\r\n")
    assert "```\nTidal power converts the energy of rising and falling tides into electricity.\n```" in result.answer
    assert "\r[^" not in result.answer
    assert result.answer.count("[^1]") == 1
    assert result.answer.endswith("electricity.[^1]\r\n")
    check_invariants(result, answer, [TIDES])


@pytest.mark.parametrize("bullet", ["*", "-", "+", "1."])
def test_list_rule_moves_marker_before_punctuation(bullet):
    answer = f"The La Rance station in France opened in 1966.\n{bullet} Offshore wind farms place turbines at sea."
    result = build_references(answer, [TIDES, WIND])
    assert "opened in 1966[^1].\n" in result.answer
    assert result.answer.endswith("at sea.[^2]")


def test_table_rows_are_cited_without_breaking_delimiters():
    answer = "| Plant | Fact |\n|---|---|\n| La Rance | The La Rance station in France opened in 1966 |\n"
    result = build_references(answer, [TIDES])
    header, rule, row = result.answer.splitlines()
    assert header == "| Plant | Fact |" and rule == "|---|---|"  # a header row states no fact
    assert row == "| La Rance | The La Rance station in France opened in 1966[^1] |"


def test_urls_and_words_are_never_split():
    answer = "See https://energy.example/tides for how tidal power converts the energy of tides into electricity."
    result = build_references(answer, [TIDES])
    assert "https://energy.example/tides " in result.answer
    for start, _end, _ in result.markers:
        before, after = result.answer[start - 1], result.answer[_end : _end + 1]
        assert not (before.isalnum() and after.isalnum())


def test_embedder_batches_once_and_falls_back_to_lexical():
    emb = FakeEmbedder()
    answer = "The La Rance station in France opened in 1966. Offshore wind farms place turbines at sea."
    result = build_references(answer, [TIDES, WIND], embedder=emb)
    assert result.scorer == "hybrid" and len(emb.calls) == 1
    broken = build_references(answer, [TIDES, WIND], embedder=FakeEmbedder(fail=True))
    # the fallback is coverage blended with Jaccard: named "lexical", not "jaccard"
    assert broken.scorer == "lexical" and broken.support_model == "lexical"
    assert any("endpoint down" in w and "lexical" in w for w in broken.warnings)
    assert broken.references


def test_seed_profile_scorer_is_plain_jaccard():
    result = build_references("The La Rance station in France opened in 1966.", [TIDES], profile="seed")
    assert result.scorer == "jaccard"


def test_seed_profile_reproduces_the_peer():
    long = "Tidal power converts the energy of rising and falling tides into electricity for the grid."
    src = Source(
        "s", "https://x.example/a", "A", long + "\n" + "Unrelated line about cooking pasta for dinner tonight ok."
    )
    answer = long
    # seed: newline chunks, 80-char minimum, Jaccard fallback at 0.7
    result = build_references(answer, [src], profile="seed")
    assert [r.quote for r in result.references] == [long]
    short = build_references("Tides make power.", [src], profile="seed")
    assert short.references == ()  # below the 80-char minimum, as the seed


def test_seed_max_ref_and_unique_chunks():
    sources = [
        Source(str(i), f"https://s{i}.example/", f"S{i}", f"{TIDES.text}\nPage {i} of the tides series.")
        for i in range(3)
    ]
    answer = "\n".join(["Tidal power converts the energy of rising and falling tides into electricity, they say."] * 3)
    result = build_references(answer, sources, profile="seed", max_ref=2, min_rel_score=0.1)
    assert len(result.references) == 2


def test_precise_cites_several_sources_for_one_sentence():
    twin = Source(
        "t3",
        "https://other.example/tides",
        "Other",
        "Tidal barrages hold water behind a dam until the tide falls again. "
        "The La Rance station in France opened in 1966 and has a capacity of 240 megawatts.",
    )
    result = build_references("The La Rance station in France opened in 1966.", [TIDES, twin])
    assert {r.source_id for r in result.references} == {"t", "t3"}
    assert result.answer.endswith("1966.[^1][^2]")


def test_quote_is_narrowed_to_the_supporting_sentence():
    result = build_references("The La Rance station opened in 1966.", [TIDES])
    ref = result.references[0]
    assert ref.quote.startswith("The La Rance station")
    assert "Tidal power converts" not in ref.quote
    assert ref.chunk_span[0] <= ref.quote_span[0] < ref.quote_span[1] <= ref.chunk_span[1]
    assert TIDES.text[ref.chunk_span[0] : ref.chunk_span[1]].startswith("Tidal power converts")


def test_only_hostnames_restricts_sources():
    answer = "The La Rance station in France opened in 1966. Offshore wind farms place turbines at sea."
    result = build_references(
        answer, [TIDES, WIND.__class__("w", "https://wind.other/", "W", WIND.text)], only_hostnames=["energy.example"]
    )
    assert {r.url for r in result.references} == {TIDES.url}


def test_empty_inputs():
    assert build_references("", [TIDES]).references == ()
    assert build_references("Some answer.", []).answer == "Some answer."
    assert build_references("   \n\n", []).markers == ()


def test_huge_inputs_stay_correct():
    sentences = [f"Fact number {i} says tidal station {i} opened in year {1900 + i}." for i in range(400)]
    sources = [
        Source(str(i), f"https://s.example/{i}", f"S{i}", " ".join(sentences[i : i + 5])) for i in range(0, 400, 5)
    ]
    answer = " ".join(sentences[::10])
    result = build_references(answer, sources)
    assert len(result.references) >= 30
    check_invariants(result, answer, sources)


def test_bad_arguments_are_clear():
    with pytest.raises(InputError, match="markers must be one of"):
        build_references("x", [], markers="bogus")
    with pytest.raises(InputError, match="unknown profile"):
        build_references("x", [], profile="fast")
    with pytest.raises(InputError, match="unique"):
        build_references("x", [TIDES, TIDES])
    with pytest.raises(InputError, match="between 0 and 1"):
        build_references("x", [], min_rel_score=2)
    with pytest.raises(InputError, match=r"list of reference\.Source"):
        build_references("x", [{"id": "1"}])  # type: ignore[list-item]


def test_cosine_alone_builds_no_lexical_matrix(monkeypatch):
    """Only what the profile scores with is computed: the seed with an embedder uses
    cosine alone, so no token matrix is built unless the embedder fails."""
    import deepref.reference.scoring as scoring

    built = []
    real = scoring.build_matrices
    monkeypatch.setattr(scoring, "build_matrices", lambda *a, **k: built.append(1) or real(*a, **k))
    answer = "The La Rance station in France opened in 1966 and has a capacity of 240 megawatts, as reported."
    result = build_references(answer, [TIDES, WIND], embedder=FakeEmbedder(), profile="seed", min_chunk_length=10)
    assert result.scorer == "cosine" and not built
    broken = build_references(answer, [TIDES, WIND], embedder=FakeEmbedder(fail=True), profile="seed")
    assert broken.scorer == "jaccard" and built


# Where a model's citation of a long page is quoted (docs/benchmarks.md "quotes")

SCATTERED = Source(
    "p",
    "https://x.example/rance",
    "Rance",
    "La Rance is a river in Brittany. Rain falls often. A tidal mill stood on its bank. Cows graze nearby. "
    "The railway station is small. Bread is sold daily. France paid for the bridge. Boats are moored here. "
    "A school opened there. Winters are mild. The census of 1966 counted few people.\n\n"
    "Harbour dues rose after the war and the board borrowed money to rebuild the quays and the old sheds. "
    "The La Rance tidal station in France opened in 1966. "
    "Ships of the ferry company call twice a day in summer, less often in winter, weather permitting. "
    "The harbour board publishes its accounts every spring and the mayor reads them aloud in the square. "
    "A museum of the sea opened in the old customs house and shows models of ships and sailors' tools.",
)


def test_cited_page_is_quoted_where_the_claim_is_not_in_the_most_similar_passage():
    """The first passage scores higher (every word of the claim, one a sentence), but
    the sentence that states the claim is in the second: the quote goes there."""
    result = build_references(
        "The La Rance tidal station in France opened in 1966 [1].", [SCATTERED], markers="verify", min_support=0.0
    )
    ref = result.references[0]
    assert ref.quote == "The La Rance tidal station in France opened in 1966."
    assert ref.chunk_span[0] <= ref.quote_span[0] < ref.quote_span[1] <= ref.chunk_span[1]
    assert SCATTERED.text[ref.chunk_span[0] :].startswith("Harbour dues rose")
    resolved = build_references("The La Rance tidal station in France opened in 1966 [1].", [SCATTERED])
    assert resolved.references[0].quote == ref.quote


def test_claim_supported_by_two_adjacent_sentences_quotes_both():
    page = Source(
        "q",
        "https://x.example/q",
        "Q",
        "Tides rise twice a day on this coast. The La Rance station opened in 1966. "
        "It produces 240 megawatts at peak. Visitors come in summer to walk on the dam.",
    )
    result = build_references(
        "The La Rance station, opened in 1966, produces 240 megawatts [1].", [page], markers="verify"
    )
    assert result.references[0].quote == "The La Rance station opened in 1966. It produces 240 megawatts at peak."


def test_claim_with_initials_and_abbreviations_is_cited_whole():
    """ "W. Brent Powell", "v. Board" do not end the claim the marker cites."""
    page = Source(
        "m",
        "https://x.example/m",
        "M",
        "Gov. Greitens will choose between Judge Lisa White Hardwick, Benjamin A. Lipman and Judge W. Brent Powell.",
    )
    answer = "The nominees were Judge W. Brent Powell, Lisa White Hardwick and Benjamin A. Lipman [1]."
    ref = build_references(answer, [page], markers="verify").references[0]
    assert ref.answer_chunk == answer.replace(" [1]", "")
    ended = build_references("He served in World War I. Then he farmed [1].", [page], markers="resolve")
    assert [r.answer_chunk for r in ended.references] == ["Then he farmed."]
