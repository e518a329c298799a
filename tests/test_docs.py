"""docs/architecture.md names only modules, paths and functions that exist."""

from __future__ import annotations

import importlib
import re

import pytest

from tests.test_architecture import PACKAGES, REPO

# "What moved where" names the old modules on purpose; everything else must exist
_TEXT = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
ARCHITECTURE = re.sub(r"## What moved where.*?(?=\n## |\Z)", "", _TEXT, flags=re.S)
_PACKAGE = "|".join(PACKAGES)


def named_paths(text: str) -> set[str]:
    """``worker/web/fetch.py``, ``tasks/stage.py``, bare ``fetch.py`` and folders ``research/``."""
    files = set(re.findall(r"[\w/]*\w\.py\b", text))
    folders = set(re.findall(r"`((?:\w+/)+)`", text))
    return files | folders


def named_objects(text: str) -> set[str]:
    """``search.merge.merge_hits`` in prose or code, and ``from reference import Source``."""
    dotted = set(re.findall(rf"(?<![\w.])(?:{_PACKAGE})(?:\.[A-Za-z_]\w*)+", text))
    for module, names in re.findall(rf"^from (?:deepref\.)?((?:{_PACKAGE})[\w.]*) import ([\w, ]+)", text, re.M):
        dotted |= {module} | {f"{module}.{name.strip()}" for name in names.split(",") if name.strip()}
    return dotted


def exists(path: str) -> bool:
    """From the repository's root, or, for a bare name (the worker table's ``fetch.py``,
    ``research/``), a module or folder inside one of the packages."""
    if (REPO / path).exists():
        return True
    name = path.rstrip("/")
    return "/" not in name and any(any((REPO / package).rglob(name)) for package in PACKAGES)


def resolves(dotted: str) -> bool:
    """The longest importable module prefix, then attributes of it (``worker.web.fetch``
    is ``deepref.worker.web.fetch``: the docs name the folders)."""
    parts = ["deepref", *dotted.split(".")]
    for cut in range(len(parts), 1, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


@pytest.mark.parametrize("path", sorted(named_paths(ARCHITECTURE)))
def test_every_path_the_architecture_names_exists(path):
    assert exists(path), f"docs/architecture.md names {path}, which does not exist"


@pytest.mark.parametrize("dotted", sorted(named_objects(ARCHITECTURE)))
def test_every_module_and_name_the_architecture_names_exists(dotted):
    assert resolves(dotted), f"docs/architecture.md names {dotted}, which does not exist"


def test_the_checks_see_a_wrong_name():
    assert not resolves("search.urls.normalize_url")
    assert resolves("search.merge.merge_hits")
    assert not exists("worker/nosuch.py") and not exists("nosuch.py")
    named = named_objects("from deepref.worker.inference.embedding import get_embedder, nope\n")
    module = "worker.inference.embedding"
    assert named == {module, f"{module}.get_embedder", f"{module}.nope"}
    assert not resolves(f"{module}.nope")
