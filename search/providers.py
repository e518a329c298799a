"""Building providers by name or preset (search/spec.py), with errors that say which setting to fix.

``openalex,arxiv,local`` mixes freely. Naming a provider that needs a key which is
not set is a configuration error naming the setting (a preset leaves such a
provider out instead).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from deepref.reference.errors import ConfigurationError
from deepref.search.api import ApiProvider
from deepref.search.arxiv import ArxivProvider
from deepref.search.brave import BraveProvider
from deepref.search.crossref import CrossrefProvider
from deepref.search.duckduckgo import DuckDuckGoProvider
from deepref.search.exa import ExaProvider
from deepref.search.local import LocalCorpusProvider
from deepref.search.models import SearchProvider
from deepref.search.openalex import OpenAlexProvider
from deepref.search.pubmed import PubMedProvider
from deepref.search.ratelimit import RateLimiter
from deepref.search.searxng import SearxNGProvider
from deepref.search.semanticscholar import SemanticScholarProvider
from deepref.search.spec import COMMERCIAL, PROVIDERS, ProviderConfig, check_config, expand
from deepref.search.tavily import TavilyProvider
from deepref.search.wikipedia import WikipediaProvider

API_PROVIDERS: dict[str, type[ApiProvider]] = {
    "openalex": OpenAlexProvider,
    "crossref": CrossrefProvider,
    "semanticscholar": SemanticScholarProvider,
    "arxiv": ArxivProvider,
    "pubmed": PubMedProvider,
    "wikipedia": WikipediaProvider,
    "tavily": TavilyProvider,
    "brave": BraveProvider,
    "exa": ExaProvider,
}


def rate_of(name: str, config: ProviderConfig) -> float:
    """Requests per second the provider's documentation allows (with a key when one is set)."""
    cls = API_PROVIDERS[name]
    keyed = getattr(cls, "keyed_rate_per_second", None)
    return keyed if keyed and config.keys.get(name) else cls.rate_per_second


def make_provider(
    name: str,
    config: ProviderConfig | None = None,
    *,
    searxng_url: str | None = None,
    corpus_dir: str | Path | None = None,
    limiter: RateLimiter | None = None,
    limiter_for: Callable[[float], RateLimiter] | None = None,
) -> SearchProvider:
    """One provider. ``limiter`` spaces the web searches (DEEPREF_SEARCH_RATE_PER_SECOND);
    ``limiter_for(rate)`` builds an API provider's own limiter at its documented rate."""
    config = config or ProviderConfig(searxng_url=searxng_url, corpus_dir=corpus_dir)
    if name == "local":
        folder = corpus_dir or config.corpus_dir
        if not folder:
            raise ConfigurationError("the local provider needs a folder: pass --corpus DIR or set DEEPREF_CORPUS_DIR")
        return LocalCorpusProvider(folder, index_dir=config.index_dir, limits=config.read_limits)
    if name not in PROVIDERS:
        expand(name, config)  # the unknown-name message
    check_config(name, config)
    if name == "searxng":
        return SearxNGProvider(config.searxng_url or "", limiter=limiter, max_answer_bytes=config.max_answer_bytes)
    if name == "duckduckgo":
        return DuckDuckGoProvider(limiter=limiter)
    cls = API_PROVIDERS[name]
    kw: dict = {
        "limiter": limiter_for(rate_of(name, config)) if limiter_for else limiter,
        "user_agent": config.user_agent,
        "timeout": config.timeout,
        "retries": config.retries,
        "max_wait": config.max_wait,
        "max_answer_bytes": config.max_answer_bytes,
    }
    if name in config.urls:
        kw["base_url"] = config.urls[name]
    key = config.keys.get(name)
    if name in ("openalex", "semanticscholar", "pubmed", *COMMERCIAL) and key:
        kw["api_key"] = key
    if name in ("openalex", "crossref"):
        kw["mailto"] = config.mailto
    if name == "pubmed":
        kw["email"] = config.mailto
    return cls(**kw)
