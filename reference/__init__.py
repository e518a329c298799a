"""deepref's reference engine: an answer and its sources in, verified footnotes out.

Pure library code: no network, no Redis, no Celery, no files, no global state.
May import: nothing of deepref's other packages (tests/test_architecture.py checks
the import graph), so it can be vendored alone.
"""

import importlib as _importlib
import typing as _typing

# public name -> the module defining it; each is imported on first use, so importing
# one light module (``reference.errors``) does not load the engine with numpy and scipy
_EXPORTS = {
    "Chunk": "reference.chunking",
    "chunk_text": "reference.chunking",
    "Embedder": "reference.embedders",
    "build_references": "reference.engine",
    "DeeprefError": "reference.errors",
    "Marker": "reference.markers",
    "find_markers": "reference.markers",
    "Reference": "reference.models",
    "ReferenceResult": "reference.models",
    "Source": "reference.models",
    "Span": "reference.models",
    "Stats": "reference.models",
    "merge_results": "reference.numbering",
    "merge_sections": "reference.numbering",
    "locate_quote": "reference.quotes",
    "ReferenceStream": "reference.stream",
    "rewrite_markers": "reference.stream",
    "Style": "reference.styles",
    "render": "reference.styles",
}

if _typing.TYPE_CHECKING:
    from reference.chunking import Chunk, chunk_text
    from reference.embedders import Embedder
    from reference.engine import build_references
    from reference.errors import DeeprefError
    from reference.markers import Marker, find_markers
    from reference.models import Reference, ReferenceResult, Source, Span, Stats
    from reference.numbering import merge_results, merge_sections
    from reference.quotes import locate_quote
    from reference.stream import ReferenceStream, rewrite_markers
    from reference.styles import Style, render


def __getattr__(name: str) -> object:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'reference' has no attribute {name!r}")
    value = getattr(_importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "Chunk",
    "DeeprefError",
    "Embedder",
    "Marker",
    "Reference",
    "ReferenceResult",
    "ReferenceStream",
    "Source",
    "Span",
    "Stats",
    "Style",
    "build_references",
    "chunk_text",
    "find_markers",
    "locate_quote",
    "merge_results",
    "merge_sections",
    "render",
    "rewrite_markers",
]
