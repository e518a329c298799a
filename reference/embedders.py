"""The embedder protocol: all the engine needs of an embedding model.

The engine only needs ``embed(texts) -> ndarray``. Real embedders do I/O (load a
model from disk, call an HTTP endpoint), so they live in ``worker.inference.embedding``
(``worker.inference.embedding.get_embedder("local")``) and are passed in by the caller.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Anything that turns texts into one row vector each (rows L2-normalisable)."""

    name: str

    def embed(self, texts: list[str]) -> np.ndarray: ...
