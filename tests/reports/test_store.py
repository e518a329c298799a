import time

from deepref.reports.diff import summarize_changes
from deepref.reports.store import ReportStore


def report(run, answer="A[^1].", urls=("https://a.example/",), status="done", started=None):
    return {
        "name": "r",
        "title": "R",
        "run": run,
        "slot": None,
        "status": status,
        "started_at": started or time.time(),
        "finished_at": time.time(),
        "sections": [{"question": "q1", "status": "done", "answer": answer}],
        "references": [{"n": i + 1, "url": u} for i, u in enumerate(urls)],
    }


def test_index_and_retention(tmp_path):
    store = ReportStore(tmp_path)
    for i in range(4):
        store.save(report(f"run{i}"))
    assert [r["run"] for r in store.runs("r")] == ["run0", "run1", "run2", "run3"]
    removed = store.apply_retention("r", keep_runs=2, keep_days=None)
    assert removed == ["run0", "run1"] and not (tmp_path / "r" / "run0").exists()
    store.save(report("old", started=time.time() - 90 * 86400))
    assert "old" in store.apply_retention("r", keep_runs=None, keep_days=30)


def test_change_summary():
    before = report("a", "Tides make power.[^1]", ("https://a.example/", "https://gone.example/"))
    after = report("b", "Tides make lots of power.[^1]", ("https://a.example/", "https://new.example/"))
    changes = summarize_changes(before, after)
    assert changes["since"] == "a"
    assert changes["changed"][0]["question"] == "q1" and 0.5 < changes["changed"][0]["similarity"] < 1
    assert changes["new_sources"] == ["https://new.example/"] and changes["gone_sources"] == ["https://gone.example/"]
    assert summarize_changes(None, after) is None
