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
    "Chunk": "deepref.reference.chunking",
    "chunk_text": "deepref.reference.chunking",
    "Embedder": "deepref.reference.embedders",
    "build_references": "deepref.reference.engine",
    "DeeprefError": "deepref.reference.errors",
    "Marker": "deepref.reference.markers",
    "find_markers": "deepref.reference.markers",
    "Reference": "deepref.reference.models",
    "ReferenceResult": "deepref.reference.models",
    "Source": "deepref.reference.models",
    "Span": "deepref.reference.models",
    "Stats": "deepref.reference.models",
    "merge_results": "deepref.reference.numbering",
    "merge_sections": "deepref.reference.numbering",
    "locate_quote": "deepref.reference.quotes",
    "ReferenceStream": "deepref.reference.stream",
    "rewrite_markers": "deepref.reference.stream",
    "Style": "deepref.reference.styles",
    "render": "deepref.reference.styles",
}

if _typing.TYPE_CHECKING:
    from deepref.reference.chunking import Chunk, chunk_text
    from deepref.reference.embedders import Embedder
    from deepref.reference.engine import build_references
    from deepref.reference.errors import DeeprefError
    from deepref.reference.markers import Marker, find_markers
    from deepref.reference.models import Reference, ReferenceResult, Source, Span, Stats
    from deepref.reference.numbering import merge_results, merge_sections
    from deepref.reference.quotes import locate_quote
    from deepref.reference.stream import ReferenceStream, rewrite_markers
    from deepref.reference.styles import Style, render


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
