"""What a report run shows of itself (reports/assemble.py)."""

from __future__ import annotations

from deepref.reports.assemble import render_html, render_markdown, run_cost


def _report(usage: dict | None) -> dict:
    return {"title": "Tides", "run": "r1", "status": "done", "sections": [], "usage": usage}


def test_a_run_shows_what_its_model_calls_cost():
    assert run_cost(_report({"model_calls": 9, "cost": 0.01234})) == " · cost $0.0123 (9 model calls)"
    assert "unknown" in run_cost(_report({"model_calls": 1, "cost": None}))
    assert run_cost(_report({"model_calls": 0, "cost": 0.0})) == run_cost(_report(None)) == ""
    assert "_Run r1 · done · cost $0.0123 (9 model calls)_" in render_markdown(
        _report({"model_calls": 9, "cost": 0.01234})
    )
    assert "cost $0.0123" in render_html(_report({"model_calls": 9, "cost": 0.01234}))
