"""A job's options narrow the operator's settings and never widen them (issue 9, item 11)."""

from __future__ import annotations

import pytest

from deepref.worker.jobs.limits import OptionNotAllowed, check_options, job_limits, narrow_allow_hosts
from deepref.worker.jobs.models import ResearchOptions
from deepref.worker.pipeline.stages import Resources, search_stage
from deepref.worker.settings import Settings


def _settings(**kw) -> Settings:
    return Settings(**kw)


@pytest.mark.parametrize(
    ("operator", "job", "expected"),
    [
        ([], [], None),
        ([], ["a.org"], ("a.org",)),
        (["a.org"], [], ("a.org",)),
        (["a.org"], ["evil.example"], ()),  # the widening the review found: now nothing is allowed
        (["example.org"], ["docs.example.org"], ("docs.example.org",)),
        (["docs.example.org"], ["example.org"], ("docs.example.org",)),
        (["a.org", "b.org"], ["b.org", "c.org"], ("b.org",)),
        (["WWW.A.org"], ["a.org "], ("a.org",)),
        (["a.org"], ["nota.org"], ()),
    ],
)
def test_allow_lists_intersect(operator, job, expected):
    assert narrow_allow_hosts(operator, job) == expected


def test_deny_lists_add_up_and_limits_only_go_down():
    settings = _settings(deny_hosts=["spam.example"], max_pages=5, llm_sub_queries=2)
    limits = job_limits(ResearchOptions(deny_hosts=["other.example"], max_pages=50, sub_queries=9), settings)
    assert limits.deny_hosts == ("spam.example", "other.example")
    assert (limits.max_pages, limits.sub_queries) == (5, 2)
    assert any("DEEPREF_MAX_PAGES (5): 5 used" in w for w in limits.warnings)
    assert any("DEEPREF_LLM_SUB_QUERIES (2)" in w for w in limits.warnings)

    lower = job_limits(ResearchOptions(max_pages=3, sub_queries=0), settings)
    assert (lower.max_pages, lower.sub_queries, lower.warnings) == (3, 0, ())
    default = job_limits(ResearchOptions(), settings)
    assert (default.max_pages, default.sub_queries, default.allow_hosts) == (5, 2, None)


async def test_search_stage_cannot_widen_the_operator_allow_list(searxng_server):
    """End of the search stage, with a real SearxNG-compatible server: a caller's
    allow_hosts naming another host gets no result from it."""
    searxng_server.fake.default = [
        {"url": "https://allowed.example/a", "title": "a", "content": ""},
        {"url": "https://evil.example/b", "title": "b", "content": ""},
        {"url": "https://docs.allowed.example/c", "title": "c", "content": ""},
    ]
    settings = _settings(
        search_provider="searxng", searxng_url=searxng_server.base_url, allow_hosts=["allowed.example"]
    )
    res = Resources(settings=settings, fetcher=None)

    async def urls(options: ResearchOptions) -> tuple[list[str], list[str]]:
        out = await search_stage("q", options, res)
        return [h.url for h in out.hits], out.warnings

    try:
        widened, warnings = await urls(ResearchOptions(allow_hosts=["evil.example"]))
        narrowed, _ = await urls(ResearchOptions(allow_hosts=["docs.allowed.example"]))
        default, _ = await urls(ResearchOptions())
    finally:
        for provider in res.providers.values():
            await provider.close()
    assert widened == [] and any("no host in common" in w for w in warnings)
    assert narrowed == ["https://docs.allowed.example/c"]
    assert default == ["https://allowed.example/a", "https://docs.allowed.example/c"]


# --------------------------------------------------------------------------- options that pick: allowed values only
@pytest.mark.parametrize(
    ("settings", "options", "message"),
    [
        ({}, {"llm_model": "gpt-4.5-expensive"}, "options.llm_model 'gpt-4.5-expensive' is not allowed"),
        ({"allowed_llm_models": ["a", "b"]}, {"llm_model": "gpt-4o-mini"}, "choose one of a, b"),
        ({"search_provider": "local"}, {"provider": "duckduckgo"}, "choose one of local"),
        ({"search_provider": "searxng"}, {"provider": "duckduckgo"}, "DEEPREF_ALLOWED_PROVIDERS"),
        ({"allowed_providers": ["searxng"]}, {"corpus_dir": "/srv/docs"}, "options.provider 'local'"),
        ({"embedder": "jaccard"}, {"embedder": "openai"}, "options.embedder 'openai' is not allowed"),
        ({"allowed_profiles": ["precise"]}, {"profile": "seed"}, "DEEPREF_ALLOWED_PROFILES"),
    ],
)
def test_options_pick_only_what_the_operator_allows(settings, options, message):
    with pytest.raises(OptionNotAllowed, match=message) as refused:
        check_options(ResearchOptions(**options), _settings(**settings), caller="remote")
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("settings", "options"),
    [
        ({}, {}),
        ({}, {"llm_model": "gpt-4o-mini", "provider": "local", "embedder": "jaccard", "profile": "seed"}),
        ({"allowed_llm_models": ["a", "b"]}, {"llm_model": "b"}),
        ({"search_provider": "searxng"}, {"provider": "searxng"}),
        ({"allowed_providers": ["duckduckgo", "searxng"]}, {"provider": "searxng"}),
        ({"embedder": "openai"}, {"embedder": "openai"}),
    ],
)
def test_options_within_the_operator_allowance_pass(settings, options):
    check_options(ResearchOptions(**options), _settings(**settings), caller="remote")


@pytest.mark.redis
def test_a_refused_model_is_refused_at_submit_before_anything_is_stored(redis_client, redis_url, key_prefix):
    """No job, so no model call, no concurrency lease and no metric series for it."""
    from deepref.worker.client import Client

    client = Client(_settings(redis_url=redis_url, key_prefix=key_prefix))
    with pytest.raises(OptionNotAllowed, match="DEEPREF_ALLOWED_LLM_MODELS"):
        client.submit("What is BM25?", {"llm_model": "someone-elses-model"}, caller="remote")
    assert not redis_client.keys(f"{key_prefix}:*")
    client.close()
