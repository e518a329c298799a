"""Plain text, decoded as UTF-8 or else by charset_normalizer's guess (named in a warning)."""

from __future__ import annotations

from charset_normalizer import from_bytes

from deepref.search.documents.limits import Budget
from deepref.search.documents.models import ReadDocument, Segment


def decode_text(data: bytes, name: str) -> tuple[str, tuple[str, ...]]:
    """The text of ``data`` and, when it was not UTF-8, a warning naming the guessed encoding."""
    try:
        return data.decode("utf-8-sig"), ()
    except UnicodeDecodeError:
        pass
    best = from_bytes(data).best()
    if best is None:
        return data.decode("utf-8", errors="replace"), (
            f"{name} is not UTF-8 and its encoding is unknown: undecodable bytes replaced",
        )
    return str(best), (f"{name} is not UTF-8: read as {best.encoding}",)


def read_text(data: bytes, name: str, budget: Budget) -> ReadDocument:
    text, warnings = decode_text(data, name)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    title = lines[0] if lines and len(lines[0]) <= 120 else ""
    return ReadDocument(title, budget.keep((Segment(text),)), warnings, "text/plain", raw=True)
