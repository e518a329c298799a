"""The import rules that keep the layers apart, read from the code's own import graph.

Every ``import`` in a package's modules counts, including the lazy ones inside
functions: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("reference", "search", "worker", "tasks", "reports", "api", "cli")

# what each package may import of the others (itself always)
MAY_IMPORT = {
    "reference": set(),
    "search": {"reference"},
    "worker": {"reference", "search"},
    "tasks": {"reference", "search", "worker", "reports"},
    "reports": {"reference", "search", "worker"},
    "api": {"reference", "search", "worker", "reports"},
    "cli": {"reference", "search", "worker", "tasks", "reports", "api"},
}
# the engine is a library someone could vendor alone: no network, broker, files or processes
ENGINE_FORBIDDEN = {
    "aiohttp", "asyncio", "celery", "httpx", "kombu", "openai", "os", "pathlib", "redis", "requests",
    "shutil", "socket", "sqlite3", "subprocess", "tempfile", "threading", "trafilatura", "urllib.request",
}  # fmt: skip


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def modules(package: str) -> list[Path]:
    return sorted((REPO / package).rglob("*.py"))


@pytest.mark.parametrize("package", PACKAGES)
def test_packages_import_only_the_layers_below_them(package):
    allowed = MAY_IMPORT[package] | {package}
    wrong = {
        f"{path.relative_to(REPO)} imports {name}"
        for path in modules(package)
        for name in imports_of(path)
        if name.split(".")[0] in PACKAGES and name.split(".")[0] not in allowed
    }
    assert not wrong, sorted(wrong)


def test_the_engine_does_no_io():
    wrong = {
        f"{path.relative_to(REPO)} imports {name}"
        for path in modules("reference")
        for name in imports_of(path)
        if name in ENGINE_FORBIDDEN or name.split(".")[0] in ENGINE_FORBIDDEN
    }
    assert not wrong, sorted(wrong)


FILE_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes"}


def _reads_own_package_data(call: ast.Call) -> bool:
    """``resources.files("reference").joinpath(...).read_text()``: the package's own
    read-only data (the support model's weights), not I/O on anything of the caller's."""
    node = call.func
    while isinstance(node, ast.Attribute | ast.Call):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "files":
            return True
        node = node.func if isinstance(node, ast.Call) else node.value
    return False


def test_the_engine_opens_no_files():
    calls = {
        f"{path.relative_to(REPO)}:{node.lineno}"
        for path in modules("reference")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name | ast.Attribute)
        and getattr(node.func, "id", getattr(node.func, "attr", ""))
        in {"open", "read_text", "read_bytes", "write_text"}
        and not _reads_own_package_data(node)
    }
    assert not calls, sorted(calls)


def test_every_package_says_what_it_is_and_what_it_may_import():
    for package in PACKAGES:
        doc = ast.get_docstring(ast.parse((REPO / package / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert len(doc.split()) >= 8 and "TODO" not in doc, f"{package}/__init__.py needs a docstring"
        assert "import" in doc.lower(), f"{package}/__init__.py should say what it may import"
