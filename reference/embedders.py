"""The embedder protocol, and the factory that finds an implementation by name.

The engine only needs ``embed(texts) -> ndarray``. Real embedders do I/O (load a
model from disk, call an HTTP endpoint), so they live in ``worker.embedding``;
:func:`get_embedder` imports them lazily so this package stays importable, and
vendorable, without the worker's dependencies.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from reference.errors import ConfigurationError


@runtime_checkable
class Embedder(Protocol):
    """Anything that turns texts into one row vector each (rows L2-normalisable)."""

    name: str

    def embed(self, texts: list[str]) -> np.ndarray: ...


EMBEDDER_NAMES = ("local", "openai")


def get_embedder(name: str, **kwargs: object) -> Embedder:
    """Return the embedder called ``name`` ("local" = packaged MiniLM, "openai" = any
    OpenAI-compatible ``/v1/embeddings`` endpoint from settings or ``kwargs``)."""
    if name not in EMBEDDER_NAMES:
        raise ConfigurationError(
            f"Unknown embedder {name!r}: choose one of {', '.join(EMBEDDER_NAMES)} "
            "(or pass embedder=None to use lexical Jaccard scoring)."
        )
    from worker import embedding  # late import: I/O lives in the worker

    return embedding.make_embedder(name, **kwargs)
