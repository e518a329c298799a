"""Several providers asked as one: each query goes to every provider at once, answers interleaved.

A provider that fails a query (after its own retries) is skipped for the rest of
the job and the job goes on with the others; the job fails on search only when
no provider answered any query (:class:`AllProvidersFailed`, naming each and why).
One ``CombinedSearch`` lives for one job (or one round), so its
:class:`ProviderStats` are that job's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping, Sequence

from deepref.search.api import ApiProvider, ProviderStats
from deepref.search.errors import AllProvidersFailed, SearchError
from deepref.search.models import SearchHit, SearchProvider


class CombinedSearch:
    """``history``: the job's earlier records (:meth:`records` of earlier rounds): a
    provider skipped then stays skipped, and the job has an answer already if any
    provider answered then."""

    def __init__(self, providers: Sequence[SearchProvider], *, history: Iterable[Mapping] = ()):
        if not providers:
            raise ValueError("CombinedSearch needs at least one provider")
        self.providers = list(providers)
        self.name = "+".join(p.name for p in self.providers)
        self.stats = {p.name: ProviderStats(p.name) for p in self.providers}
        self.failed: dict[str, SearchError] = {}
        self.answered: set[str] = set()
        self.warnings: list[str] = []
        for record in history:
            name = record.get("provider")
            if record.get("answered"):
                self.answered.add(f"{name} (earlier)")
            if record.get("skipped") and name in self.stats:
                why = (record.get("failures") or ["failed earlier in this job"])[-1]
                self.failed[name] = SearchError(why, provider=name)
                self.stats[name].skipped = True

    async def search(self, query: str, *, max_results: int) -> list[SearchHit]:
        """Hits of every live provider for ``query``, interleaved by rank (each provider's
        first hit before any second one)."""
        live = [p for p in self.providers if p.name not in self.failed]
        answers = await asyncio.gather(*(self._one(p, query, max_results) for p in live))
        if not self.answered and len(self.failed) == len(self.providers):
            raise AllProvidersFailed(self.failed)
        merged: list[SearchHit] = []
        for i in range(max((len(a) for a in answers), default=0)):
            merged += [a[i] for a in answers if i < len(a)]
        return merged

    async def _one(self, provider: SearchProvider, query: str, max_results: int) -> list[SearchHit]:
        stats = self.stats[provider.name]
        try:
            if isinstance(provider, ApiProvider):
                hits = await provider.search(query, max_results=max_results, stats=stats)
            else:
                stats.queries += 1
                hits = await provider.search(query, max_results=max_results)
                stats.hits += len(hits)
        except SearchError as exc:
            self.failed[provider.name] = exc
            stats.skipped = True
            stats.failures.append(f"{query!r}: {exc}")
            self.warnings.append(f"search provider {provider.name} skipped for the rest of this job: {exc}")
            return []
        self.answered.add(provider.name)
        stats.answered += 1
        self.warnings.extend(w for w in getattr(provider, "warnings", []) if w not in self.warnings)
        return hits

    def records(self) -> list[dict]:
        """Per provider: queries, hits, requests, retries, seconds waited, failures,
        queries answered, and whether it was skipped."""
        return [s.as_dict() for s in self.stats.values()]
