"""Provider specs: names, lists and presets; keys checked at startup and at submit."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from deepref.reference.errors import ConfigurationError
from deepref.search.spec import ProviderConfig, expand
from deepref.worker.jobs.limits import OptionNotAllowed, check_options
from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.pipeline.resources import build_resources
from deepref.worker.settings import Settings


def test_presets_and_lists():
    config = ProviderConfig(web="searxng", keys={"brave": "k"})
    assert expand("academic", config) == ("openalex", "crossref", "semanticscholar", "arxiv", "pubmed")
    assert expand("web", config) == ("searxng", "wikipedia", "brave")  # keyless tavily/exa left out
    assert expand("all", config)[:3] == ("searxng", "wikipedia", "brave")
    assert expand(" OpenAlex, arxiv ,local,arxiv", config) == ("openalex", "arxiv", "local")


@pytest.mark.parametrize("spec", ["bing", "openalex,,bing", " , "])
def test_unknown_or_empty_spec_is_refused_everywhere(spec):
    with pytest.raises(ConfigurationError, match=r"choose among|no search provider"):
        expand(spec, ProviderConfig())
    with pytest.raises(ValidationError, match="search provider"):
        ResearchOptions(provider=spec)
    with pytest.raises(ValidationError, match="search provider"):
        Settings(search_provider=spec)


def test_a_missing_key_names_the_setting_at_submit():
    settings = Settings(allowed_providers=["all", "tavily"])
    with pytest.raises(ConfigurationError, match="set DEEPREF_TAVILY_API_KEY"):
        check_options(ResearchOptions(provider="openalex,tavily"), settings, caller="remote")
    check_options(ResearchOptions(provider="all"), settings, caller="remote")  # a preset leaves keyless ones out
    with pytest.raises(ConfigurationError, match="DEEPREF_EXA_API_KEY"):
        check_options(None, Settings(search_provider="exa"), caller="remote")


def test_a_missing_key_names_the_setting_at_startup():
    with pytest.raises(ConfigurationError, match="DEEPREF_BRAVE_API_KEY"):
        build_resources(Settings(search_provider="academic,brave", embedder="jaccard"), distributed=False)


def test_options_only_narrow_with_presets():
    settings = Settings(search_provider="duckduckgo")
    with pytest.raises(OptionNotAllowed, match=r"options\.provider 'openalex' is not allowed"):
        check_options(ResearchOptions(provider="academic"), settings, caller="remote")
    settings = Settings(search_provider="academic")
    check_options(ResearchOptions(provider="arxiv,pubmed"), settings, caller="remote")
    check_options(ResearchOptions(provider="local", corpus_dir="/srv"), settings, caller="remote")
    with pytest.raises(OptionNotAllowed, match="'duckduckgo'"):
        check_options(ResearchOptions(provider="web"), settings, caller="remote")


def test_api_providers_share_a_redis_limiter_at_their_documented_rate(redis_url, key_prefix):
    import asyncio

    from deepref.search.ratelimit import RedisRateLimiter
    from deepref.worker.pipeline.resources import close_resources

    settings = Settings(
        redis_url=redis_url, key_prefix=key_prefix, search_provider="academic,wikipedia", embedder="jaccard"
    )
    res = build_resources(settings, distributed=True)
    try:
        limiters = {p.name: p.limiter for p in res.provider(ResearchOptions()).providers}
        assert all(isinstance(limiter, RedisRateLimiter) for limiter in limiters.values())
        assert limiters["arxiv"].interval_ms == 3000  # one request every 3 s, arXiv's terms
        assert limiters["openalex"].interval_ms == 100 and limiters["semanticscholar"].interval_ms == 1000
        assert res.provider(ResearchOptions()).providers[0] is res.provider(ResearchOptions()).providers[0]
    finally:
        asyncio.run(close_resources(res))
