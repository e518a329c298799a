"""The import rules that keep the layers apart, read from the code's own import graph.

Every ``import`` in a package's modules counts, including the lazy ones inside
functions: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("reference", "search", "worker", "bibliography", "export", "tasks", "reports", "api", "cli")

# what each package may import of the others (itself always)
MAY_IMPORT = {
    "reference": set(),
    "search": {"reference"},
    "worker": {"reference", "search"},
    "bibliography": {"reference"},  # a pure renderer: the API, the CLI and reports use it
    "export": {"reference"},  # PDF and DOCX from a result or a report: a renderer like bibliography
    "tasks": {"reference", "search", "worker", "reports"},
    "reports": {"reference", "search", "worker", "bibliography", "export"},
    "api": {"reference", "search", "worker", "bibliography", "export", "reports"},
    "cli": {"reference", "search", "worker", "bibliography", "export", "tasks", "reports", "api"},
}
# inside worker/: each part and what it may import of the others (itself always). The
# top-level modules are the base (settings, errors, credentials, confine, metrics,
# search_config), except the two entry points, which wire everything together.
WORKER_ENTRY = {"worker.celery_app", "worker.client"}
WORKER_MAY_IMPORT = {
    "base": set(),
    "web": {"base"},
    "inference": {"base"},
    "jobs": {"base", "web", "inference"},
    "pipeline": {"base", "web", "inference", "jobs"},
}
# the engine is a library someone could vendor alone: no network, broker, files or processes
ENGINE_FORBIDDEN = {
    "aiohttp", "asyncio", "celery", "httpx", "kombu", "openai", "os", "pathlib", "redis", "requests",
    "shutil", "socket", "sqlite3", "subprocess", "tempfile", "threading", "trafilatura", "urllib.request",
}  # fmt: skip


def raw_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def imports_of(path: Path) -> set[str]:
    """The modules ``path`` imports, deepref's own named by folder (``worker.web.fetch``)."""
    return {name.removeprefix("deepref.") for name in raw_imports(path)}


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


def test_every_package_is_imported_through_the_one_name_deepref():
    """``import worker`` would load a second copy of each module beside
    ``deepref.worker``'s, and fails once installed (ruff's TID251 says the same)."""
    roots = [*PACKAGES, "tests", "benchmarks", "scripts"]
    bare = {
        f"{path.relative_to(REPO)} imports {name}"
        for root in roots
        for path in modules(root)
        for name in raw_imports(path)
        if name.split(".")[0] in PACKAGES
    }
    assert not bare, sorted(bare)


def worker_part(module: str) -> str:
    """``worker.web.fetch`` -> ``web``; a top-level module is ``base`` or an entry point."""
    parts = module.split(".")
    if module in WORKER_ENTRY:
        return "entry"
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and (REPO / "worker" / parts[1]).is_dir()) else "base"


def test_worker_parts_import_only_the_parts_below_them():
    wrong = set()
    for path in modules("worker"):
        part = worker_part(module_name(path).removeprefix("deepref."))
        if part == "entry":
            continue
        allowed = WORKER_MAY_IMPORT[part] | {part}
        wrong |= {
            f"{path.relative_to(REPO)} ({part}) imports {name}"
            for name in imports_of(path)
            if name.startswith("worker.") and worker_part(name) not in allowed
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
    """``resources.files("deepref.reference").joinpath(...).read_text()``: the package's own
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


def module_name(path: Path) -> str:
    parts = ("deepref", *path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return getattr(test, "id", getattr(test, "attr", None)) == "TYPE_CHECKING"


def runtime_imports(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports when it runs: at module level or
    inside functions (a late import still runs), not under ``if TYPE_CHECKING:``;
    ``from package import module`` counts the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and _type_checking_only(node)
        for inner in ast.walk(node)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return found & known


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected set of two or more modules (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            members = []
            while not members or members[-1] != module:
                members.append(stack.pop())
            if len(members) > 1:
                cycles.append(sorted(members))

    for module in graph:
        if module not in index:
            visit(module)
    return cycles


@pytest.mark.parametrize("package", ["reference", "worker"])
def test_no_import_cycles_inside_a_package(package):
    """A circle (lexical <-> tokens, models <-> styles, fetch -> extract_runner ->
    extract -> fetch) means no module of it can be read, tested or moved alone."""
    paths = {module_name(path): path for path in modules(package)}
    graph = {name: runtime_imports(path, set(paths)) - {name} for name, path in paths.items()}
    assert import_cycles(graph) == []


def test_the_cycle_check_finds_a_circle_of_late_imports(tmp_path):
    (tmp_path / "a.py").write_text("from b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    import c\n")
    (tmp_path / "c.py").write_text("import typing\nif typing.TYPE_CHECKING:\n    import b\nimport a\n")
    known = {"a", "b", "c"}
    graph = {p.stem: runtime_imports(p, known) for p in tmp_path.glob("*.py")}
    assert import_cycles(graph) == [["a", "b", "c"]]
    (tmp_path / "c.py").write_text("import typing\nif typing.TYPE_CHECKING:\n    import a\n")
    graph = {p.stem: runtime_imports(p, known) for p in tmp_path.glob("*.py")}
    assert import_cycles(graph) == []
