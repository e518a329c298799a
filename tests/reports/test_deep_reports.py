"""reports.yaml sets the depth and the budget of every question of a report: read
from the file, and obeyed by a run (in process, against the local researcher model)."""

from __future__ import annotations

import os

import pytest

from deepref.reports.definitions import load_definitions
from deepref.reports.errors import DefinitionError
from deepref.reports.run import new_run, run_local
from deepref.reports.store import ReportStore

DEFS = """\
reports:
  - name: tides
    title: Tides
    questions:
      - What do tidal lagoon costs depend on?
      - How long do tidal lagoon turbines last?
    depth: deep
    budget: {rounds: 2, pages: 30, tokens: 40000}
    summary: false
  - name: quick
    title: Quick
    questions: ["What is a tidal lagoon?"]
"""


def test_depth_and_budget_are_read_per_report(tmp_path):
    (tmp_path / "reports.yaml").write_text(DEFS)
    defs = load_definitions(tmp_path / "reports.yaml")
    tides = defs["tides"].options
    assert tides.depth == "deep" and (tides.budget.rounds, tides.budget.pages, tides.budget.tokens) == (2, 30, 40000)
    assert tides.budget.seconds is None  # the depth's default, capped by the operator
    assert defs["quick"].options.depth == "quick"


@pytest.mark.parametrize(
    ("line", "field"),
    [("    depth: deepest\n", "reports[0].depth"), ("    budget: {rounds: 0}\n", "reports[0].budget.rounds")],
)
def test_a_bad_depth_or_budget_names_its_line_and_field(tmp_path, line, field):
    text = 'reports:\n  - name: r\n    title: R\n    questions: ["q?"]\n' + line
    (tmp_path / "reports.yaml").write_text(text)
    with pytest.raises(DefinitionError) as err:
        load_definitions(tmp_path / "reports.yaml")
    assert "reports.yaml:5" in str(err.value) and field in str(err.value), err.value


async def test_a_deep_report_runs_every_question_in_rounds_within_its_budget(
    tmp_path, monkeypatch, topic_site, openai_server, research_env
):
    from deepref.worker.settings import get_settings

    openai_server.fake.researcher.behave("tidal lagoon", rounds=None)  # only the report's round budget stops it
    for key in [k for k in os.environ if k.startswith("DEEPREF_")]:
        monkeypatch.delenv(key)
    for key, value in (research_env | {"DEEPREF_EMBEDDER": "jaccard"}).items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    (tmp_path / "reports.yaml").write_text(DEFS)
    try:
        definition = load_definitions(tmp_path / "reports.yaml")["tides"]
        store = ReportStore(tmp_path / "out")
        report = await run_local(new_run(definition, store), definition, store)
    finally:
        get_settings.cache_clear()
    assert report["status"] == "done"
    for section in report["sections"]:
        assert section["status"] == "done", section
        deep = section["result"]["deep"]
        assert deep["depth"] == "deep" and deep["budget"]["rounds"] == 2 and deep["budget"]["tokens"] == 40000
        assert [r["n"] for r in deep["rounds"]] == [1, 2] and deep["stop_reason"] == "round budget (2) reached"
        assert deep["spent"]["tokens"] <= 40000 and deep["outline"]
