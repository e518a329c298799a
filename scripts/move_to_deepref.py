"""Bring a branch over to worker/ by concern and the one import name ``deepref``.

    python scripts/move_to_deepref.py PATH   # a checkout of a branch from before the move

Rewrites its Python files (imports, dotted names in strings) and the docs' paths and
names by the table in docs/architecture.md ("What moved where"); move the files
themselves with ``git mv`` as that table says. Review the diff: it is a regex.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

WEB = ("fetch", "netguard", "pages", "extract_runner", "extraction", "extract", "scholarly")
INFERENCE = ("llm", "embedding", "minilm", "onnx_proto", "concurrency", "context_window", "reasoning")
INFERENCE += ("pricing", "spend", "jsontext")
JOBS = ("keys", "lifecycle", "streaming", "webhooks", "models", "limits", "questions")
MOVES = {
    **{f"worker.{name}": f"worker.web.{name}" for name in WEB},
    **{f"worker.{name}": f"worker.inference.{name}" for name in INFERENCE},
    **{f"worker.{name}": f"worker.jobs.{name}" for name in JOBS},
    **{f"worker.{name}": f"worker.pipeline.{name}" for name in ("extractive", "referencing", "resources")},
    "worker.jobs": "worker.jobs.store",
    "worker.pipeline": "worker.pipeline.stages",
    "worker.runner": "worker.pipeline.embedded",
    "worker.research": "worker.pipeline.deep",
    "worker.judging": "worker.pipeline.judging",
    "worker.bibliography": "bibliography",
}
PACKAGES = ("api", "bibliography", "cli", "reference", "reports", "search", "tasks", "worker")
# "reports.yaml", "api.openai.com": a dotted name with one of these parts is not a module
NOT_MODULES = {"yaml", "yml", "toml", "json", "com", "org", "md", "txt", "html", "example", "pdf", "py", "csv"}


def _alternatives(names) -> str:
    return "|".join(sorted(map(re.escape, names), key=len, reverse=True))


MOVED = re.compile(rf"(?<![\w./-])({_alternatives(MOVES)})(?!\w)")
PATH_MOVES = {old.replace(".", "/"): new.replace(".", "/") for old, new in MOVES.items()}
MOVED_PATH = re.compile(rf"(?<![\w./-])({_alternatives(PATH_MOVES)})(?=\.py|/|\b)")
FROM_PACKAGE = re.compile(r"^(\s*)from (worker) import ([\w, ]+?)[ \t]*$", re.M)
IMPORT = re.compile(rf"^(\s*)(from|import) ({'|'.join(PACKAGES)})(?=[\s.])", re.M)
DOTTED_STRING = re.compile(rf"(['\"])({'|'.join(PACKAGES)})\.([A-Za-z_][\w.:]*)")


def moved(text: str) -> str:
    text = MOVED.sub(lambda m: MOVES[m.group(1)], text)
    return MOVED_PATH.sub(lambda m: PATH_MOVES[m.group(1)], text)


def split_from_package(m: re.Match[str]) -> str:
    """``from worker import metrics, pipeline``: each module under its new parent."""
    indent, package, names = m.group(1), m.group(2), m.group(3)
    groups: dict[str, list[str]] = {}
    for item in (n.strip() for n in names.split(",") if n.strip()):
        name, _, alias = item.partition(" as ")
        new = MOVES.get(f"{package}.{name}")
        if new is None:
            groups.setdefault(package, []).append(item)
            continue
        parent, leaf = new.rsplit(".", 1)
        groups.setdefault(parent, []).append(leaf if leaf == name and not alias else f"{leaf} as {alias or name}")
    return "\n".join(f"{indent}from {parent} import {', '.join(items)}" for parent, items in groups.items())


def prefixed(text: str) -> str:
    text = IMPORT.sub(lambda m: f"{m.group(1)}{m.group(2)} deepref.{m.group(3)}", text)

    def dotted(m: re.Match[str]) -> str:
        if NOT_MODULES & set(re.split(r"[.:]", m.group(3))):
            return m.group(0)
        return f"{m.group(1)}deepref.{m.group(2)}.{m.group(3)}"

    return DOTTED_STRING.sub(dotted, text)


def main(root: Path) -> None:
    for path in root.rglob("*.py"):
        inside = path.relative_to(root).parts
        if inside[0] in {".venv", "deepref"}:
            continue
        text = path.read_text(encoding="utf-8")
        new = prefixed(FROM_PACKAGE.sub(split_from_package, moved(text)))  # moved first: never twice
        if new != text:
            path.write_text(new, encoding="utf-8")
    for path in [*root.glob("docs/*.md"), root / "README.md"]:
        text = path.read_text(encoding="utf-8")
        if moved(text) != text:
            path.write_text(moved(text), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve())
