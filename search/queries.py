"""The queries searched for one question: the question itself, plus sub-queries an
LLM writes when one is configured (different wordings find different pages)."""

from __future__ import annotations

from typing import Protocol


class SubQueryWriter(Protocol):
    async def sub_queries(self, question: str, n: int, language: str | None = None) -> list[str]: ...


MAX_QUERY_CHARS = 300


async def build_queries(
    question: str, writer: SubQueryWriter | None, n: int, language: str | None = None
) -> tuple[list[str], list[str]]:
    """Queries (question first, deduplicated case-insensitively) and warnings; with
    ``language`` (the answer's, when the job sets one), the writer also words some in it."""
    queries = [question.strip()[:MAX_QUERY_CHARS]]
    warnings: list[str] = []
    if writer is not None and n > 0:
        try:
            extra = await (writer.sub_queries(question, n, language) if language else writer.sub_queries(question, n))
        except Exception as exc:  # sub-queries are a bonus; the question alone still works
            warnings.append(f"could not write sub-queries ({type(exc).__name__}: {exc}); searched the question only")
            extra = []
        queries.extend(q.strip()[:MAX_QUERY_CHARS] for q in extra[:n] if q and q.strip())
    seen: set[str] = set()
    unique = []
    for q in queries:
        if q.casefold() not in seen:
            seen.add(q.casefold())
            unique.append(q)
    return unique, warnings
