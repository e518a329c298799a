"""deepref's reference engine: an answer and its sources in, verified footnotes out.

Pure library code: no network, no Redis, no Celery, no files, no global state.
May import: nothing of deepref's other packages (tests/test_architecture.py checks
the import graph), so it can be vendored alone.
"""

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
