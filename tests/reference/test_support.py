"""The support model: a probability per reference, ordered as common sense orders it,
and the level ``min_support`` that every decision compares it with."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources

import numpy as np
import pytest

from deepref.reference import Source, build_references
from deepref.reference.errors import ConfigurationError, InputError
from deepref.reference.support import DENSE_FEATURES, LEXICAL_FEATURES, MONOTONE, SupportModels, default_models

RANCE = Source(
    "t",
    "https://energy.example/tides",
    "Tides",
    "Tidal power converts the energy of rising and falling tides into electricity. "
    "The La Rance station in France opened in 1966 and has a capacity of 240 megawatts. "
    "Tidal barrages hold water behind a dam until the tide falls again.",
)
BAKING = Source(
    "b",
    "https://food.example/bread",
    "Bread",
    "Sourdough bread rises slowly because wild yeast ferments the dough overnight. "
    "Bakers fold the dough several times before shaping the loaf.",
)


class KeywordEmbedder:
    """Vectors from a few keywords: deterministic, no model needed."""

    name = "keywords"
    WORDS = ("tide", "station", "france", "1966", "megawatt", "bread", "yeast", "dough", "power", "opened")

    def embed(self, texts):
        out = np.full((len(texts), len(self.WORDS)), 0.01, dtype=np.float32)
        for i, t in enumerate(texts):
            for j, w in enumerate(self.WORDS):
                out[i, j] += t.lower().count(w)
        return out


def support_of(claim: str, sources=(RANCE, BAKING), **kwargs) -> float:
    """Support of the best reference for ``claim`` (0 when none), level 0 so nothing is hidden."""
    result = build_references(claim, list(sources), markers="attribute", min_support=0.0, **kwargs)
    return max((r.support for r in result.references), default=0.0)


def test_weights_file_loads_with_both_sets():
    models = default_models()
    assert models.dense.name == "minilm" and models.lexical.name == "lexical"
    assert models.dense.dense and not models.lexical.dense
    assert set(models.lexical.features) <= set(LEXICAL_FEATURES)
    assert set(models.dense.features) <= set(DENSE_FEATURES)
    assert 0.0 < models.lexical.min_support < 1.0 and 0.0 < models.dense.min_support < 1.0
    raw = json.loads(resources.files("deepref.reference").joinpath("support_weights.json").read_text())
    assert raw["version"] == 1 and [m["name"] for m in raw["models"]] == ["minilm", "lexical"]


def test_shipped_weights_are_small_trees():
    models = default_models()
    raw = json.loads(resources.files("deepref.reference").joinpath("support_weights.json").read_text())
    assert [m["kind"] for m in raw["models"]] == ["trees", "trees"]
    assert models.dense.trees.depth >= 1 and len(models.lexical.trees.feature) >= 10
    assert len(resources.files("deepref.reference").joinpath("support_weights.json").read_bytes()) < 300_000


def _feature_rows(features: tuple[str, ...], n: int, seed: int) -> np.ndarray:
    """Random rows over each feature's range (shares in [0, 1], log counts and
    margins on their own scales), flags as 0 or 1."""
    rng = np.random.default_rng(seed)
    ranges = {"log_rank": (0.0, 2.5), "margin": (-0.8, 0.0), "cosine_margin": (-0.6, 0.0),
              "claim_length": (0.0, 4.5), "passage_length": (0.0, 3.0), "cosine": (-0.1, 1.0)}  # fmt: skip
    flags = {"has_numbers", "top1", "cited", "negation_mismatch"}
    cols = []
    for f in features:
        if f in flags:
            cols.append(rng.integers(0, 2, n).astype(np.float64))
        else:
            lo, hi = ranges.get(f, (0.0, 1.0))
            cols.append(rng.uniform(lo, hi, n))
    return np.stack(cols, axis=1)


@pytest.mark.parametrize("which", ["lexical", "dense"])
def test_support_moves_only_the_way_each_constrained_feature_says(which):
    """Raising coverage or cosine never lowers support; a missing number, a missing
    name or a negation on one side only never raises it, whatever the other features."""
    model = getattr(default_models(), which)
    x = _feature_rows(model.features, 2000, seed=7)
    base = model.predict(x)
    assert ((base >= 0.0) & (base <= 1.0)).all()
    checked = 0
    for j, f in enumerate(model.features):
        sign = MONOTONE.get(f, 0)
        if sign == 0:
            continue
        for step in (0.05, 0.3, 1.0):
            raised = x.copy()
            raised[:, j] += step
            diff = model.predict(raised) - base
            assert (sign * diff >= -1e-9).all(), f"support moved against {f} (+{step})"
        checked += 1
    assert checked >= (9 if which == "dense" else 7)


def test_support_stays_a_probability_far_outside_the_training_range():
    for model in (default_models().dense, default_models().lexical):
        x = _feature_rows(model.features, 200, seed=3) * 50 - 25
        p = model.predict(x)
        assert ((p >= 0.0) & (p <= 1.0)).all()


def test_weights_with_unknown_features_are_refused():
    raw = default_models().to_dict()
    raw["models"][1]["features"][0] = "astrology"
    with pytest.raises(ConfigurationError, match="astrology"):
        SupportModels.from_dict(raw)


def test_every_reference_carries_support_in_unit_interval():
    answer = "The La Rance station in France opened in 1966. Sourdough rises slowly with wild yeast."
    result = build_references(answer, [RANCE, BAKING], min_support=0.0)
    assert len(result.references) >= 2
    for ref in result.references:
        assert 0.0 <= ref.support <= 1.0
        assert ref.to_dict()["support"] == ref.support
    assert json.loads(result.render("json"))["citations"][0]["support"] == result.references[0].support


def test_exact_quote_beats_paraphrase_beats_unrelated():
    exact = support_of("The La Rance station in France opened in 1966 and has a capacity of 240 megawatts.")
    paraphrase = support_of("A French tidal plant at La Rance started producing power in 1966.")
    unrelated = support_of("The Rance river valley is known for its medieval castles.", sources=[RANCE])
    assert exact > paraphrase > unrelated


def test_a_second_source_quoting_the_claim_is_cited_too():
    """Ranks among a claim's candidates are learnt from labels that mark one passage;
    a second source saying the same thing must not lose its support for ranking second."""
    twin = Source("m", "https://mirror.example/tides", "Mirror",
                  "The La Rance station in France opened in 1966 and has a capacity of 240 megawatts. "
                  "Tidal barrages hold water behind a dam.")  # fmt: skip
    result = build_references("The La Rance station in France opened in 1966.", [RANCE, twin])
    assert {r.source_id for r in result.references} == {"t", "m"}
    assert min(r.support for r in result.references) >= result.min_support


def test_a_claim_quoted_word_for_word_clears_the_default_level():
    result = build_references("Bakers fold the dough several times before shaping the loaf.", [RANCE, BAKING])
    assert [r.source_id for r in result.references] == ["b"]
    assert result.references[0].support >= result.min_support


def test_a_wrong_number_lowers_support():
    right = support_of("The La Rance station in France opened in 1966.")
    wrong = support_of("The La Rance station in France opened in 1971.")
    assert right > wrong


def test_min_support_filters_references():
    answer = "The La Rance station in France opened in 1966. Tidal stations are sometimes noisy."
    everything = build_references(answer, [RANCE, BAKING], min_support=0.0)
    supports = sorted(r.support for r in everything.references)
    assert len(supports) >= 2 and supports[0] < supports[-1]
    level = (supports[0] + supports[-1]) / 2
    strict = build_references(answer, [RANCE, BAKING], min_support=level)
    assert strict.references and all(r.support >= level for r in strict.references)
    assert len(strict.references) < len(everything.references)
    assert strict.min_support == pytest.approx(level, abs=1e-4)
    assert build_references(answer, [RANCE, BAKING], min_support=1.0).references == ()


def test_min_support_out_of_range_is_refused():
    with pytest.raises(InputError, match="min_support"):
        build_references("Tides.", [RANCE], min_support=1.5)


def test_default_level_comes_from_the_weights():
    result = build_references("The La Rance station in France opened in 1966.", [RANCE])
    assert result.min_support == pytest.approx(default_models().lexical.min_support, abs=1e-4)


def test_lexical_fallback_says_so():
    result = build_references("The La Rance station in France opened in 1966.", [RANCE], min_support=0.0)
    assert result.support_model == "lexical" and result.scorer == "lexical"
    assert result.to_dict()["support_model"] == "lexical"
    # an embedder the dense weights were not trained on: its cosines are not MiniLM's
    other = build_references(
        "The La Rance station in France opened in 1966.", [RANCE], embedder=KeywordEmbedder(), min_support=0.0
    )
    assert other.scorer == "hybrid" and other.support_model == "lexical"


def test_dense_weights_run_for_the_embedder_they_were_trained_on():
    models = default_models()
    trained = SupportModels(replace(models.dense, embedders=("keywords",)), models.lexical)
    result = build_references(
        "The La Rance station in France opened in 1966.",
        [RANCE],
        embedder=KeywordEmbedder(),
        min_support=0.0,
        support_models=trained,
    )
    assert result.support_model == "minilm"
    assert result.references and 0.0 <= result.references[0].support <= 1.0


def test_verify_keeps_a_supported_citation_and_drops_a_wrong_one():
    answer = "The La Rance station in France opened in 1966 [1]. Wild yeast makes sourdough rise slowly [1]."
    kept = build_references(answer, [RANCE, BAKING], markers="verify", drop_unsupported=True, min_support=0.5)
    assert [r.source_id for r in kept.references] == ["t"]
    assert kept.references[0].supported is True
    assert any("dropped unsupported citation" in w and "support" in w for w in kept.warnings)


def test_fill_adds_a_reference_only_when_one_clears_the_level():
    answer = "The La Rance station in France opened in 1966 [1]. Wild yeast makes sourdough rise slowly."
    filled = build_references(answer, [RANCE, BAKING], markers="verify", fill_uncited=True, min_support=0.3)
    assert {r.source_id for r in filled.references} == {"t", "b"}
    assert [r.origin for r in filled.references if r.source_id == "b"] == ["attributed"]
    unfilled = build_references(answer, [RANCE, BAKING], markers="verify", fill_uncited=True, min_support=0.999)
    assert all(r.origin == "model" for r in unfilled.references)


def test_quote_narrows_to_the_supporting_sentence():
    result = build_references("The La Rance station opened in 1966.", [RANCE], min_support=0.0)
    (ref,) = result.references
    assert ref.quote == "The La Rance station in France opened in 1966 and has a capacity of 240 megawatts."
    assert ref.chunk_span != ref.quote_span


def _stump_weights() -> dict:
    """A one-tree model on ``coverage``: 0.2 at or below 0.5, 0.8 above."""
    lo, hi = np.log(0.2 / 0.8), np.log(0.8 / 0.2)
    tree = {"feature": [0, -1, -1], "threshold": [0.5, 0, 0], "left": [1, 0, 0], "right": [2, 0, 0],
            "value": [0, lo, hi]}  # fmt: skip
    return {"name": "lexical", "features": ["coverage"], "kind": "trees", "min_support": 0.5,
            "trees": {"base": 0.0, "rate": 1.0, "trees": [tree]}}  # fmt: skip


def test_tree_weights_load_predict_and_round_trip():
    from deepref.reference.support import SupportModel

    model = SupportModel.from_dict(_stump_weights())
    np.testing.assert_allclose(model.predict(np.array([[0.1], [0.5], [0.9]])), [0.2, 0.2, 0.8])
    again = SupportModel.from_dict(json.loads(json.dumps(model.to_dict())))
    np.testing.assert_allclose(
        again.predict(np.array([[0.3], [0.7]])), [0.2, 0.8], atol=1e-5
    )  # leaves kept to 6 places


def test_tree_weights_pointing_at_a_missing_node_are_refused():
    from deepref.reference.support import SupportModel

    bad = _stump_weights()
    bad["trees"]["trees"][0]["right"] = [7, 0, 0]
    with pytest.raises(ConfigurationError, match="node"):
        SupportModel.from_dict(bad)


def test_source_cosine_is_the_cited_sources_best_chunk_and_only_for_citations():
    """A citation names a source, not a chunk: ``source_cosine`` is the claim's best
    cosine over the cited source's embedded chunks; an attribution candidate keeps its
    own chunk's cosine (the measured split, docs/benchmarks.md "support")."""
    from deepref.reference.chunking import Chunk
    from deepref.reference.support import pair_features

    text = RANCE.text
    first, second = text.index("The La Rance"), text.index("Tidal barrages")
    chunks = [(RANCE, Chunk(0, first, text[:first])), (RANCE, Chunk(first, second, text[first:second]))]
    chunks.append((BAKING, Chunk(0, 40, BAKING.text[:40])))
    dense = np.array([[0.2, 0.9, 0.95]])
    matrix = dense.copy()
    column = DENSE_FEATURES.index("source_cosine")
    rows, cols = np.array([0, 0, 0]), np.array([0, 0, 2])
    cited = np.array([True, False, True])
    claim = ["La Rance opened in 1966."]
    x, _ = pair_features(claim, chunks, matrix, rows, cols, dense, None, cited)
    assert x[0, column] == pytest.approx(0.9)  # cited: the source's best chunk
    assert x[1, column] == pytest.approx(0.2)  # not cited: its own chunk
    assert x[2, column] == pytest.approx(0.95)  # another source: its own best
    embedded = np.array([True, False, True])
    masked, _ = pair_features(claim, chunks, matrix, rows[:1], cols[:1], dense, embedded, cited[:1])
    assert masked[0, column] == pytest.approx(0.2)  # a chunk that was not embedded is not counted


def test_weights_of_another_kind_are_refused_with_how_to_fix():
    from deepref.reference.support import SupportModel

    logistic = {"name": "lexical", "features": ["coverage"], "kind": "logistic", "min_support": 0.5,
                "mean": [0.0], "scale": [1.0], "coef": [1.0], "intercept": 0.0}  # fmt: skip
    with pytest.raises(ConfigurationError, match=r"'logistic'.*train_support"):
        SupportModel.from_dict(logistic)


# -- features are computed by name and stacked in the order a model declares ------------


def _pairs():
    """Three pairs (a cited and an attributed one with numbers, one on another source)
    over two chunks of RANCE and one of BAKING, with cosines."""
    from deepref.reference.chunking import Chunk

    text = RANCE.text
    first, second = text.index("The La Rance"), text.index("Tidal barrages")
    chunks = [(RANCE, Chunk(0, first, text[:first])), (RANCE, Chunk(first, second, text[first:second]))]
    chunks.append((BAKING, Chunk(0, 40, BAKING.text[:40])))
    dense = np.array([[0.2, 0.9, 0.1], [0.3, 0.4, 0.8]])
    claims = ["La Rance in France opened in 1966 with 240 megawatts.", "Bread does not rise without yeast."]
    rows, cols, cited = np.array([0, 0, 1]), np.array([1, 0, 2]), np.array([True, False, False])
    return claims, chunks, dense, rows, cols, cited


def test_pair_features_compute_every_declared_feature_by_name():
    """Each column holds the feature its name says, whatever the order asked for: a
    feature inserted into DENSE_FEATURES, or a weights file that lists its features
    in another order, cannot shift the others."""
    from deepref.reference.support import pair_features

    claims, chunks, dense, rows, cols, cited = _pairs()
    x, windows = pair_features(claims, chunks, dense, rows, cols, dense, None, cited)
    named = {f: x[:, i] for i, f in enumerate(DENSE_FEATURES)}
    np.testing.assert_array_equal(named["cited"], [1.0, 0.0, 0.0])
    np.testing.assert_array_equal(named["has_numbers"], [1.0, 1.0, 0.0])
    np.testing.assert_array_equal(named["numbers_missing"], [0.0, 1.0, 0.0])  # 1966, 240: in chunk 1 only
    np.testing.assert_array_equal(named["top1"], [1.0, 0.0, 1.0])
    np.testing.assert_allclose(named["log_rank"], [0.0, np.log(2), 0.0])
    np.testing.assert_allclose(named["cosine"], [0.9, 0.2, 0.8])
    np.testing.assert_allclose(named["passage_length"], [np.log1p(len(chunks[c][1].text) / 100) for c in cols])
    assert named["negation_mismatch"][2] == 1.0  # "does not" in the claim, none in the bread passage
    shuffled = tuple(reversed(DENSE_FEATURES))
    again, same_windows = pair_features(claims, chunks, dense, rows, cols, dense, None, cited, names=shuffled)
    for i, f in enumerate(shuffled):
        np.testing.assert_array_equal(again[:, i], named[f], err_msg=f)
    assert same_windows == windows
    subset, _ = pair_features(claims, chunks, dense, rows, cols, dense, None, cited, names=("cosine", "cited"))
    np.testing.assert_array_equal(subset, np.stack([named["cosine"], named["cited"]], axis=1))


def test_a_feature_the_code_does_not_compute_is_refused_clearly():
    from deepref.reference.support import pair_features, stack_features

    claims, chunks, dense, rows, cols, cited = _pairs()
    with pytest.raises(ConfigurationError, match=r"\['astrology'\] are not computed.*train_support"):
        pair_features(claims, chunks, dense, rows, cols, dense, None, cited, names=("coverage", "astrology"))
    with pytest.raises(ConfigurationError, match="astrology"):
        pair_features(claims, chunks, dense, rows[:0], cols[:0], names=("astrology",))  # no pairs: still checked
    assert stack_features({"a": np.zeros(2)}, ()).shape == (2, 0)


def test_a_model_reads_its_features_in_its_own_order():
    """Weights list their features in their own order; the engine stacks the columns in
    that order, so a model that splits on ``cited`` listed first judges by ``cited``."""
    from deepref.reference.support import SupportModel

    lo, hi = np.log(0.2 / 0.8), np.log(0.8 / 0.2)
    tree = {"feature": [0, -1, -1], "threshold": [0.5, 0, 0], "left": [1, 0, 0], "right": [2, 0, 0],
            "value": [0, lo, hi]}  # fmt: skip
    model = SupportModel.from_dict(
        {
            "name": "lexical",
            "features": ["cited", "coverage"],
            "kind": "trees",
            "min_support": 0.5,
            "trees": {"base": 0.0, "rate": 1.0, "trees": [tree]},
        }
    )
    models = SupportModels(replace(default_models().dense, embedders=()), model)
    answer = "The La Rance station in France opened in 1966 [1]."
    cited = build_references(answer, [RANCE], markers="verify", min_support=0.0, support_models=models)
    attributed = build_references(
        "The La Rance station in France opened in 1966.", [RANCE], markers="attribute", min_support=0.0,
        support_models=models,
    )  # fmt: skip
    assert [r.support for r in cited.references] == [pytest.approx(0.8)]
    assert [r.support for r in attributed.references] == [pytest.approx(0.2)]
