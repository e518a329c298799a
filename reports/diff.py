"""What changed between two runs of a report: answers that changed (and by how
much), sources that are new or gone."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

_MARKER = re.compile(r"\[\^\d+\]")


def _plain(answer: str | None) -> str:
    return " ".join(_MARKER.sub("", answer or "").split())


def summarize_changes(previous: dict[str, Any] | None, current: dict[str, Any]) -> dict[str, Any] | None:
    if previous is None:
        return None
    before = {s["question"]: s for s in previous["sections"]}
    changed: list[dict[str, Any]] = []
    unchanged: list[dict[str, Any]] = []
    added: list[str] = []
    for section in current["sections"]:
        old = before.get(section["question"])
        if old is None:
            added.append(section["question"])
            continue
        a, b = _plain(old.get("answer")), _plain(section.get("answer"))
        ratio = SequenceMatcher(None, a, b).ratio() if (a or b) else 1.0
        (unchanged if a == b else changed).append({"question": section["question"], "similarity": round(ratio, 3)})
    old_urls = {r["url"] for r in previous.get("references", [])}
    new_urls = {r["url"] for r in current.get("references", [])}
    return {
        "since": previous["run"],
        "changed": changed,
        "unchanged": [u["question"] for u in unchanged],
        "new_questions": added,
        "new_sources": sorted(new_urls - old_urls),
        "gone_sources": sorted(old_urls - new_urls),
    }
