"""Every command line in the README and docs/ runs as written (issue 32, item 6).

The command lines are the fenced ones: a line that starts with ``$ ``, every line of a
``sh``/``bash``/``console`` block, and a line of another block that starts with a
command (``make``, ``deepref``, ``.venv/bin/…``, ``curl``, ``docker``); a line ending in
``\\`` or an open quote goes on. Each runs in bash, as written, in a folder that holds
the repository's ``examples/`` and a ``.venv/bin/`` whose ``deepref`` and ``python`` are
this checkout's; only DEEPREF_* variables change, to point at local servers (the search,
a site, the chat model). What needs a service this test does not start is in SKIPS,
each with why and which test runs it instead; a pattern no command matches fails.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_COMMAND = re.compile(r"(make|deepref|\.venv/bin/\S+|curl|docker|python3?|export) ")
_SHELL_BLOCKS = ("sh", "bash", "shell", "console")


@dataclass(frozen=True)
class Command:
    doc: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: {self.text}"


def _complete(text: str) -> bool:
    if text.endswith("\\"):
        return False
    try:
        shlex.split(text, comments=True)
    except ValueError:  # an open quote: the command goes on
        return False
    return True


def command_lines(path: Path) -> list[Command]:
    """The fenced command lines of one Markdown file, in order."""
    out: list[Command] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    fence: str | None = None
    pending: tuple[int, str] | None = None
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            fence = None if fence is not None else line[3:].strip()
            pending = None
            continue
        if fence is None:
            continue
        if pending is not None:
            start, text = pending
            text = text[:-1] + line.strip() if text.endswith("\\") else text + "\n" + line
        elif line.startswith("$ "):
            start, text = number, line[2:]
        elif (fence in _SHELL_BLOCKS and line.strip() and not line.lstrip().startswith("#")) or _COMMAND.match(line):
            start, text = number, line
        else:
            continue
        if _complete(text):
            out.append(Command(path.relative_to(REPO).as_posix(), start, text))
            pending = None
        else:
            pending = (start, text)
    return out


ALL = [command for path in DOCS for command in command_lines(path)]

# (pattern searched in "doc: command", why it does not run here and what runs it instead)
SKIPS: list[tuple[str, str]] = [
    (
        r"^README\.md: make demo",
        "installs into .venv from PyPI; test_packaging builds that editable install offline "
        "and the demo's own command (the README's next block) runs here",
    ),
    (r"^README\.md: make test", "the whole suite, this test included"),
    (r"make bench", "the benchmarks: minutes of measurement, run by `make bench` and CI's benchmark job"),
    (r"curl ", "needs `deepref serve` and a worker, and a job id from their answer; tests/api sends these requests"),
    (r"pytest tests/api/test_schemathesis\.py", "the API's schema tests: part of `make test` (minutes)"),
    (r"schemathesis --config-file", "needs a running `deepref serve`; tests/api/test_schemathesis.py runs it"),
    (r"deepref submit ", "needs Redis and a worker; tests/cli/test_errors.py and test_followups.py submit to them"),
    (r"deepref worker", "starts a worker that runs until stopped; tests/conftest.py's WorkerProcess runs it"),
    (
        r"--approve-plan > plan\.json",
        "queues the job and waits for a worker's plan: needs Redis and a worker (tests/cli/test_plans.py)",
    ),
    (r"deepref (plan|approve|result) JOB_ID", "a queued job's id: needs Redis and a worker (tests/cli/test_plans.py)"),
    (r"deepref eval citations 3f2a", "a queued job's id: needs Redis and a worker (tests/cli/test_evaluate.py)"),
    (r"deepref eval citations reports/", "a report run's folder, made by `deepref reports run` (tests/reports)"),
    (r"deepref mcp --http", "an HTTP server that runs until stopped; tests/cli/test_mcp.py drives it"),
    (r"docker compose", "needs Docker"),
]


def skip_reason(command: Command) -> str | None:
    for pattern, why in SKIPS:
        if re.search(pattern, f"{command.doc}: {command.text}"):
            return why
    return None


def test_the_docs_hold_command_lines_and_every_skip_is_used() -> None:
    assert len(ALL) >= 30, [str(c) for c in ALL]
    unused = [p for p, _ in SKIPS if not any(re.search(p, f"{c.doc}: {c.text}") for c in ALL)]
    assert not unused, f"skips that match no documented command: {unused}"


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder like the repository's root for the commands: examples/, .venv/bin/deepref and
    python (this checkout's), the files the docs' commands read (result.json, peer-report.md)."""
    root = tmp_path_factory.mktemp("docs")
    (root / "examples").symlink_to(REPO / "examples")
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, target in (("deepref", f'"{sys.executable}" -m deepref.cli.main'), ("python", f'"{sys.executable}"')):
        (bin_dir / name).write_text(f'#!/bin/sh\nexec {target} "$@"\n')
        (bin_dir / name).chmod(0o755)
    return root


@pytest.fixture
def docs_env(workdir: Path, research_env: dict[str, str], searxng_server, topic_site) -> dict[str, str]:
    from tests.fakes.topic_site import SearchRows

    searxng_server.fake.results = SearchRows(topic_site.base_url, per_query=3)
    base = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_") or k == "DEEPREF_INDEX_DIR"}
    return {
        **base,
        **research_env,
        "DEEPREF_EMBEDDER": "jaccard",
        "DEEPREF_REDIS_URL": "redis://127.0.0.1:1/0",  # nothing here may reach a real broker
        "PATH": f"{workdir / '.venv' / 'bin'}{os.pathsep}{os.environ['PATH']}",
        # as installed (the editable install's one path entry): `deepref` and no bare `worker`
        "PYTHONPATH": str(REPO / "src"),
    }


def _bash(command: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        stdin=subprocess.DEVNULL,
        check=False,
    )


RUN = [c for c in ALL if skip_reason(c) is None]


@pytest.mark.parametrize("command", RUN, ids=[f"{c.doc}:{c.line}" for c in RUN])
def test_a_documented_command_runs_as_written(command: Command, docs_env: dict[str, str], workdir: Path) -> None:
    if "result.json" in command.text or "peer-report.md" in command.text:
        # what evaluation.md's comments say these are: a result, and a Markdown report (deepref's own)
        question = "What do tidal lagoon costs depend on?"
        for name, fmt in (("result.json", "json"), ("peer-report.md", "md")):
            made = _bash(f'deepref research "{question}" --format {fmt} > {name}', docs_env, workdir)
            assert made.returncode == 0, made.stderr[-2000:]
    done = _bash(command.text, docs_env, workdir)
    assert done.returncode == 0, f"{command}\nstdout: {done.stdout[-1500:]}\nstderr: {done.stderr[-3000:]}"
    assert "Traceback" not in done.stderr, done.stderr[-3000:]


@pytest.mark.redis
def test_the_python_row_works_from_any_folder(tmp_path: Path, redis_client, redis_url: str, key_prefix: str) -> None:
    """The README's Python row, run as written from a folder that is not the repository's."""
    row = next(line for line in (REPO / "README.md").read_text().splitlines() if line.startswith("| Python |"))
    code = [c for c in re.findall(r"`([^`]+)`", row) if c.startswith("from ")]
    assert code, row
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEEPREF_")}
    env |= {"DEEPREF_REDIS_URL": redis_url, "DEEPREF_KEY_PREFIX": key_prefix}
    for snippet in code:
        done = subprocess.run(
            [sys.executable, "-c", snippet.replace("…", "What is a tidal lagoon?")],
            cwd=tmp_path,
            env={**env, "PYTHONPATH": str(REPO / "src")},  # the editable install's one path entry
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, f"{snippet}: {done.stderr[-2000:]}"
