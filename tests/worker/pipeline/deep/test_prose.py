"""A reading answered in prose still keeps findings: its sentences that cite the
passages shown, or else the passages' own sentences most about the question."""

from __future__ import annotations

from deepref.worker.pipeline.deep.prose import PASSAGE_FINDINGS, cited_sentences, prose_reading

Q = "What do tidal lagoon costs depend on?"
PASSAGES = [
    {
        "n": 2,
        "title": "Lagoon walls",
        "url": "https://example.org/walls",
        "text": "Tidal lagoon costs depend mostly on the length of the sea wall. "
        "The wall is built from rock and sand over several years.",
    },
    {
        "n": 5,
        "title": "Turbines",
        "url": "https://example.org/turbines",
        "text": "Turbine housings add a fifth of the cost of a tidal lagoon. "
        "Local fishermen were consulted in the spring about the harbour.",
    },
]


def test_sentences_with_markers_become_findings_with_those_citations():
    text = (
        "Here is what the passages say.\n"
        "The length of the sea wall drives tidal lagoon costs [2]. "
        "Turbine housings add about a fifth of the cost.[5] "
        "Both matter over the whole build [2, 5]. "
        "Construction takes several years. [Passage 2]\n"
        "- Fishermen were consulted about the harbour [^5]"
    )
    reading = prose_reading(text, PASSAGES, Q, 3)
    got = [(f.claim, f.cites) for f in reading.findings]
    assert got == [
        ("The length of the sea wall drives tidal lagoon costs.", [2]),
        ("Turbine housings add about a fifth of the cost.", [5]),
        ("Both matter over the whole build.", [2, 5]),
        ("Construction takes several years.", [2]),  # a marker after the full stop cites the sentence before
        ("Fishermen were consulted about the harbour", [5]),
    ]
    assert "Here is what" not in " ".join(f.claim for f in reading.findings)  # cites nothing: not a finding
    assert reading.gaps == [] and reading.enough is False
    assert reading.warnings == [
        "round 3: the model's reading was not the JSON asked for; kept 5 of its sentences citing passages shown "
        "as findings"
    ]


def test_prose_without_markers_keeps_the_passages_sentences_about_the_question():
    reading = prose_reading("I looked at everything and it all seems relevant to the question.", PASSAGES, Q, 1)
    assert 0 < len(reading.findings) <= PASSAGE_FINDINGS
    texts = {p["n"]: p["text"] for p in PASSAGES}
    for f in reading.findings:
        assert len(f.cites) == 1 and f.claim in texts[f.cites[0]]  # the cited passage holds it word for word
    claims = [f.claim for f in reading.findings]
    assert "Tidal lagoon costs depend mostly on the length of the sea wall." in claims
    assert not any("fishermen" in c for c in claims)  # not about the question: left out
    assert len(reading.warnings) == 1
    assert "was not the JSON asked for and cited no passage shown" in reading.warnings[0]
    assert f"kept {len(claims)} sentence(s) of the passages" in reading.warnings[0]


def test_malformed_and_unshown_markers_are_dropped_with_a_warning():
    text = (
        "Tidal lagoon costs depend on the sea wall [2][99]. "
        "Turbines are a fifth of the cost [abc]. "
        "Fishing rights were settled in court [7]. "
        "See [the report](https://example.org/r) for more on lagoon walls [^x]."
    )
    findings, warnings = cited_sentences(text, {2, 5}, 4)
    assert [(f.claim, f.cites) for f in findings] == [("Tidal lagoon costs depend on the sea wall.", [2])]
    assert any("[7, 99]" in w and "not shown" in w for w in warnings)
    malformed = next(w for w in warnings if "not passage numbers" in w)
    assert "[abc]" in malformed and "[^x]" in malformed and "the report" not in malformed
    assert not any("JSON" in w for w in warnings)  # the fallback is named once, by prose_reading


def test_prose_whose_markers_are_all_unusable_falls_back_to_the_passages():
    reading = prose_reading("Walls cost the most to build [9]. Turbines come next [n].", PASSAGES, Q, 2)
    assert reading.findings and all(f.claim in PASSAGES[0]["text"] + PASSAGES[1]["text"] for f in reading.findings)
    assert "cited no passage shown" in reading.warnings[0]
    assert any("[9]" in w for w in reading.warnings[1:]) and any("[n]" in w for w in reading.warnings[1:])


def test_passages_not_about_the_question_give_no_finding():
    off_topic = [{"n": 1, "title": "Cakes", "url": "https://example.org/c", "text": "Sponge cakes rise when baked."}]
    reading = prose_reading("Nothing to add.", off_topic, Q, 1)
    assert reading.findings == []
    assert reading.warnings[0].endswith("no finding kept")
