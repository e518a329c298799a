"""Where reports live on disk: ``{reports_dir}/{name}/{run}/report.{json,md,html,pdf,docx}``,
the finished run's ``references.{bib,ris,json}``, and ``{reports_dir}/{name}/index.json``
listing the runs.

``report.json`` is also the run's progress record while it runs (sections
pending, running with their job id, done with their result, or failed with the
reason), so a crashed run resumes from it. Every write is atomic (temp file +
rename): a reader never sees half a report.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from deepref.reports.errors import ReportRunNotFound
from deepref.worker.confine import safe_name, shown


def write_atomic(path: Path, text: str | bytes) -> None:
    """``text`` (UTF-8) or bytes (a PDF, a DOCX) at ``path``, whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8") if isinstance(text, str) else text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class ReportStore:
    def __init__(self, root: str | Path):
        self.root = Path(root)

    def run_dir(self, name: str, run: str) -> Path:
        return self.root / name / run

    def load(self, name: str, run: str) -> dict[str, Any]:
        path = self.run_dir(name, run) / "report.json"
        if not path.is_file():
            raise ReportRunNotFound(f"no run {run!r} of report {name!r} under {self.root}")
        return json.loads(path.read_text(encoding="utf-8"))

    def save(self, report: dict[str, Any], rendered: dict[str, str] | dict[str, str | bytes] | None = None) -> None:
        folder = self.run_dir(report["name"], report["run"])
        write_atomic(folder / "report.json", json.dumps(report, ensure_ascii=False, indent=2))
        for suffix, text in (rendered or {}).items():
            write_atomic(folder / f"report.{suffix}", text)
        if report["status"] != "running":
            self._write_references(folder, report)
        self._update_index(report)

    @staticmethod
    def _write_references(folder: Path, report: dict[str, Any]) -> None:
        """The run's shared reference list as ``references.bib``, ``.ris`` and ``.json``
        (CSL-JSON), for a reference manager to import."""
        from deepref.bibliography import FILE_FORMATS, export, works_from_report

        works = works_from_report(report)
        for fmt in FILE_FORMATS:
            out = export(works, fmt)
            write_atomic(folder / f"references.{out.suffix}", out.text)

    def indexes(self) -> list[dict[str, Any]]:
        """Every report's ``index.json`` (name, title, runs), by name; unreadable ones skipped."""
        out = []
        for index in sorted(self.root.glob("*/index.json")) if self.root.is_dir() else []:
            try:
                out.append(json.loads(index.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue
        return out

    def read(self, name: str, run: str, file: str) -> str:
        """A file of a run, by names a caller gave: each one path component
        (``worker.confine.safe_name``), else ReportRunNotFound, with the names cut short."""
        path = self.run_dir(name, run) / file if safe_name(name) and safe_name(run) and safe_name(file) else None
        if path is None or not path.is_file():
            raise ReportRunNotFound(f"no report file {shown(name)}/{shown(run)}/{shown(file)}")
        return path.read_text(encoding="utf-8")

    def runs(self, name: str) -> list[dict[str, Any]]:
        path = self.root / name / "index.json"
        return json.loads(path.read_text(encoding="utf-8"))["runs"] if path.is_file() else []

    def last_slot(self, name: str) -> str | None:
        slots = [r["slot"] for r in self.runs(name) if r.get("slot")]
        return max(slots) if slots else None

    def unfinished(self, name: str) -> list[str]:
        return [r["run"] for r in self.runs(name) if r["status"] == "running"]

    def _update_index(self, report: dict[str, Any]) -> None:
        runs = [r for r in self.runs(report["name"]) if r["run"] != report["run"]]
        sections = report["sections"]
        runs.append(
            {
                "run": report["run"],
                "slot": report.get("slot"),
                "status": report["status"],
                "started_at": report["started_at"],
                "finished_at": report.get("finished_at"),
                "seconds": round((report.get("finished_at") or time.time()) - report["started_at"], 3),
                "questions": len(sections),
                "done": sum(s["status"] == "done" for s in sections),
                "failed": sum(s["status"] == "failed" for s in sections),
                "references": len(report.get("references", [])),
            }
        )
        runs.sort(key=lambda r: r["run"])
        index = {"name": report["name"], "title": report["title"], "runs": runs}
        write_atomic(self.root / report["name"] / "index.json", json.dumps(index, ensure_ascii=False, indent=2))

    def apply_retention(self, name: str, keep_runs: int | None, keep_days: int | None) -> list[str]:
        """Remove finished runs beyond ``keep_runs`` or older than ``keep_days``."""
        runs = self.runs(name)
        finished = [r for r in runs if r["status"] != "running"]
        drop = set()
        if keep_runs is not None and len(finished) > keep_runs:
            drop |= {r["run"] for r in finished[: len(finished) - keep_runs]}
        if keep_days is not None:
            cutoff = time.time() - keep_days * 86400
            drop |= {r["run"] for r in finished if r["started_at"] < cutoff}
        for run in drop:
            shutil.rmtree(self.run_dir(name, run), ignore_errors=True)
        if drop:
            index_path = self.root / name / "index.json"
            index = json.loads(index_path.read_text(encoding="utf-8"))
            index["runs"] = [r for r in index["runs"] if r["run"] not in drop]
            write_atomic(index_path, json.dumps(index, ensure_ascii=False, indent=2))
        return sorted(drop)
