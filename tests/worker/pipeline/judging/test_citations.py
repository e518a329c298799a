"""Citations read out of answers: deepref's results and reports, other systems' Markdown."""

from __future__ import annotations

from deepref.reference import Source, build_references
from deepref.worker.pipeline.judging.citations import from_markdown, from_report, from_result

PEER_REPORT = """# Tidal power

La Rance opened in **1966** [1]. Sihwa Lake is the largest, per [KHNP](https://khnp.example/sihwa "KHNP").
- Lagoons cost more than barrages [^a][2, 3].
- A claim with no citation at all.

See ![a chart](https://img.example/c.png).

## References
[1] La Rance. https://rance.example/page
2. Costs, https://costs.example/x.
3. [Other](https://other.example/y)

[^a]: Lagoon study, https://lagoon.example/study
"""


def test_a_peers_markdown_gives_one_pair_per_claim_and_url():
    got = [(c.claim, c.url, c.label) for c in from_markdown(PEER_REPORT)]
    assert got == [
        ("La Rance opened in 1966.", "https://rance.example/page", "[1]"),
        ("Sihwa Lake is the largest, per KHNP.", "https://khnp.example/sihwa", "[KHNP]"),
        ("Lagoons cost more than barrages.", "https://lagoon.example/study", "[^a]"),
        ("Lagoons cost more than barrages.", "https://costs.example/x", "[2]"),
        ("Lagoons cost more than barrages.", "https://other.example/y", "[3]"),
    ]
    assert all(c.passage is None for c in from_markdown(PEER_REPORT))


def test_a_pair_cited_twice_counts_once_and_unknown_numbers_are_not_citations():
    text = "Tides rise [1] and rise [1]. Waves [9].\n\n[1] https://a.example/"
    assert [(c.claim, c.url) for c in from_markdown(text)] == [("Tides rise and rise.", "https://a.example/")]


SOURCES = [
    Source("1", "https://a.example/", "A", "La Rance tidal power station opened in 1966. It is in Brittany."),
    Source("2", "https://b.example/", "B", "Sihwa Lake is the largest tidal power station; it opened in 2011."),
]


def _result() -> dict:
    refs = build_references("La Rance opened in 1966 [1]. Sihwa Lake opened in 2011 [2].", SOURCES, markers="resolve")
    references = [
        {"n": r.n, "url": r.url, "title": r.title, "quote": r.quote, "context": r.quote, "answer_span": r.answer_span}
        for r in refs.references
    ]
    return {"answer": refs.answer, "references": references}


def test_a_deepref_result_gives_each_footnote_with_its_passage():
    got = from_result(_result())
    assert [(c.claim, c.url, c.label) for c in got] == [
        ("La Rance opened in 1966.", "https://a.example/", "[^1]"),
        ("Sihwa Lake opened in 2011.", "https://b.example/", "[^2]"),
    ]
    assert "1966" in got[0].passage and "2011" in got[1].passage


def test_a_report_run_is_read_section_by_section_from_each_sections_own_result():
    report = {"sections": [{"question": "When?", "result": _result()}, {"question": "Failed", "status": "failed"}]}
    got = from_report(report)
    assert len(got) == 2 and {c.where for c in got} == {"When?"}
