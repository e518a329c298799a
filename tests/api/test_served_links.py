"""The API serves a report run's references with the link the viewer may follow
(``href``): never a ``file:`` URL, which docs/api.md does not list; the source's own
``url`` is left as it was."""

from __future__ import annotations

import json

import pytest

from deepref.api.app import create_app
from deepref.worker.settings import Settings

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

REFERENCES = [
    {"n": 1, "url": "file:///corpus/notes.md", "title": "Notes", "quote": "q"},
    {"n": 2, "url": "file://evil.example/share/x.md", "title": "Share", "quote": "q"},
    {"n": 3, "url": "https://ok.example/", "title": "Web", "quote": "q"},
]


async def test_a_report_run_serves_no_file_href(aiohttp_client, worker_env, client_for, tmp_path):
    client = client_for(worker_env)
    settings = Settings(**{**client.settings.model_dump(), "reports_dir": tmp_path})
    run = tmp_path / "weekly" / "2026-11-22T0900"
    run.mkdir(parents=True)
    (tmp_path / "weekly" / "index.json").write_text(json.dumps({"name": "weekly", "runs": [{"run": run.name}]}))
    section = {"question": "q", "status": "done", "answer": "A claim.", "markers": [], "references": REFERENCES}
    (run / "report.json").write_text(json.dumps({"title": "Weekly", "sections": [section], "references": REFERENCES}))
    http = await aiohttp_client(create_app(settings, client=client))
    data = await (await http.get(f"/v1/reports/weekly/runs/{run.name}")).json()
    for refs in (data["references"], data["sections"][0]["references"]):
        assert [r["href"] for r in refs] == ["", "", "https://ok.example/"]
        assert [r["url"] for r in refs] == [r["url"] for r in REFERENCES]
