"""What a job's options may change: they narrow the operator's settings, never widen them.

Options come from whoever can submit a job; settings come from the operator. So an
option that loosens a limit is clamped to the operator's value (with a warning in
the result), allow lists intersect (a host must be allowed by both) and deny lists
add up. These clamps hold for every job, wherever it came from: they run where the
job runs (``job_limits``), so a worker keeps its own limits.

An option that picks something (a model, a search provider, an embedder, a
profile) is checked at submit (``check_options``, before anything runs or is
counted in a metric's labels), and who asks decides against what:

- a **remote** caller (the HTTP API, ``deepref mcp --http``) must pick one of the
  ``DEEPREF_ALLOWED_*`` lists: "not allowed on this server";
- the **operator** (``deepref research``, ``deepref submit``, MCP over stdio, the
  Python ``Client``, report definitions: whoever runs deepref with the deployment's
  settings or can write to its broker) may pick anything deepref knows, as long as
  its key or extra is present; a missing one is named with its fix.

Pure: settings and options in, limits out. docs/configuration.md ("What a job's
options may change") has the table of every option and its bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from deepref.reference.errors import ConfigurationError, InputError
from deepref.search.merge import merge_hits
from deepref.search.models import SearchHit
from deepref.search.spec import expand
from deepref.worker.inference.pricing import price_of
from deepref.worker.inference.spend import cost_limit
from deepref.worker.search_config import check_search_config, job_provider_spec, provider_config

if TYPE_CHECKING:
    from deepref.worker.jobs.models import ResearchOptions
    from deepref.worker.settings import Settings


Caller = Literal["operator", "remote"]
"""Who submits a job: the operator (the terminal, the broker, stdio) or a remote
caller (HTTP) whom the ``DEEPREF_ALLOWED_*`` lists bound."""


class OptionNotAllowed(InputError):
    """A job option picks something the operator does not allow."""


@dataclass(frozen=True, slots=True)
class JobLimits:
    max_pages: int
    sub_queries: int
    allow_hosts: tuple[str, ...] | None
    """None: any host; an empty tuple: no host at all (the two allow lists share none)."""
    deny_hosts: tuple[str, ...]
    warnings: tuple[str, ...] = ()

    def merge(self, hit_lists: Sequence[Sequence[SearchHit]], *, limit: int, max_per_host: int) -> list[SearchHit]:
        """The hits of several queries as one list, within the job's host lists."""
        return merge_hits(
            hit_lists,
            limit=limit,
            max_per_host=max_per_host,
            allow_hosts=self.allow_hosts,
            deny_hosts=self.deny_hosts,
        )


def allowed_models(settings: Settings) -> tuple[str, ...]:
    """DEEPREF_ALLOWED_LLM_MODELS, else the configured model alone."""
    return tuple(settings.allowed_llm_models) or (settings.llm_model,)


def allowed_providers(settings: Settings) -> tuple[str, ...]:
    """DEEPREF_ALLOWED_PROVIDERS, else the configured providers plus ``local``: a folder
    of documents is narrower than the web, while a corpus-only deployment
    (``local``) allows no web search at all. Presets are resolved to provider names."""
    config = provider_config(settings)
    specs = settings.allowed_providers or [settings.search_provider, "local"]
    return tuple(dict.fromkeys(name for spec in specs for name in expand(spec, config)))


def allowed_embedders(settings: Settings) -> tuple[str, ...]:
    """DEEPREF_ALLOWED_EMBEDDERS, else the configured embedder plus ``jaccard`` (word
    overlap: no model, no endpoint, nothing to pay)."""
    if settings.allowed_embedders:
        return tuple(settings.allowed_embedders)
    return tuple(dict.fromkeys([settings.embedder, "jaccard"]))


def check_options(options: ResearchOptions | None, settings: Settings, *, caller: Caller) -> None:
    """Refuse options (``ResearchOptions``) that pick what ``caller`` may not pick (a remote
    caller: outside the ``DEEPREF_ALLOWED_*`` lists) and a search provider whose key is not
    set (ConfigurationError naming the setting). What the job needs installed where it
    runs is ``check_runnable_here``'s: a queued job runs on a worker, with its extras."""
    if options is None:
        check_search_config(settings.search_provider, settings)
        return
    spec = job_provider_spec(options, settings)
    if caller == "remote":
        _check_allowed(options, spec, settings)
    check_search_config(spec, settings)  # a provider without its key: the setting to fix
    check_cost_budget(options, settings)
    if caller == "remote" and options.verify_with_model and settings.verify_with_model == "off":
        raise OptionNotAllowed(
            "options.verify_with_model is not allowed on this server: its operator set DEEPREF_VERIFY_WITH_MODEL=off "
            "(the support model alone checks citations)"
        )


def _check_allowed(options: ResearchOptions, spec: str, settings: Settings) -> None:
    """A remote caller's picks, each within its ``DEEPREF_ALLOWED_*`` list."""
    providers = allowed_providers(settings)
    picks = [
        ("llm_model", options.llm_model, allowed_models(settings), "DEEPREF_ALLOWED_LLM_MODELS"),
        *(
            ("provider", name, providers, "DEEPREF_ALLOWED_PROVIDERS")
            for name in expand(spec, provider_config(settings))
        ),
        ("embedder", options.embedder, allowed_embedders(settings), "DEEPREF_ALLOWED_EMBEDDERS"),
        ("profile", options.profile, tuple(settings.allowed_profiles), "DEEPREF_ALLOWED_PROFILES"),
    ]
    for option, value, allowed, env in picks:
        if value is not None and value not in allowed:
            shown = value if len(value) <= 80 else value[:80] + "…"
            raise OptionNotAllowed(
                f"options.{option} {shown!r} is not allowed on this server: choose one of "
                f"{', '.join(allowed)} (its operator lists them in {env})"
            )


def check_runnable_here(options: ResearchOptions, settings: Settings) -> None:
    """A job about to run in this process (``deepref research``, MCP's local research):
    an embedder it names that cannot run here, its extra or endpoint named with the fix,
    before minutes of searching and reading rather than at the scoring."""
    from deepref.worker.inference.embedding import embedder_choice, embedder_missing

    name = options.embedder
    if name is not None and (missing := embedder_missing(embedder_choice(settings, name), settings)) is not None:
        raise ConfigurationError(f"embedder {name!r}: {missing}")
    if options.approve_plan:  # it would wait in this process for an approval nobody can send
        raise ConfigurationError(
            "approve_plan needs a queued job, whose plan is approved later: submit it (deepref research "
            "--approve-plan or deepref submit, POST /v1/jobs, the MCP submit tool) with DEEPREF_REDIS_URL set and "
            "a worker running"
        )


def check_cost_budget(options: ResearchOptions, settings: Settings) -> None:
    """A cost budget needs the model's price: refused at submit when it is unknown."""
    if cost_limit(options, settings) is None or not settings.llm_base_url:
        return
    model = options.llm_model if options is not None and options.llm_model else settings.llm_model
    quote = price_of(model, settings.llm_base_url, settings.llm_prices)
    if quote.price is None:
        raise ConfigurationError(
            f"a cost budget needs the price of model {model!r}, which deepref does not know: set "
            'DEEPREF_LLM_PRICES, e.g. {"' + model[:80] + '": {"input": 0.5, "output": 1.5}} (USD per 1M tokens)'
        )


def job_limits(options: ResearchOptions, settings: Settings) -> JobLimits:
    """The limits one job runs under: ``options`` (``ResearchOptions``) within ``settings``."""
    warnings: list[str] = []
    max_pages = _at_most(options.max_pages, settings.max_pages, "max_pages", "DEEPREF_MAX_PAGES", warnings)
    sub_queries = _at_most(
        options.sub_queries, settings.llm_sub_queries, "sub_queries", "DEEPREF_LLM_SUB_QUERIES", warnings
    )
    allow = narrow_allow_hosts(settings.allow_hosts, options.allow_hosts)
    if allow == ():
        warnings.append(
            f"options.allow_hosts {list(options.allow_hosts)} has no host in common with the server's "
            f"DEEPREF_ALLOW_HOSTS {list(settings.allow_hosts)}: no search result can be used"
        )
    deny = tuple(dict.fromkeys([*settings.deny_hosts, *options.deny_hosts]))
    return JobLimits(max_pages, sub_queries, allow, deny, tuple(warnings))


def _at_most(asked: int | None, limit: int, option: str, env: str, warnings: list[str]) -> int:
    if asked is None:
        return limit
    if asked > limit:
        warnings.append(f"options.{option} {asked} is above the server's {env} ({limit}): {limit} used")
        return limit
    return asked


def narrow_allow_hosts(operator: Sequence[str], job: Sequence[str]) -> tuple[str, ...] | None:
    """Rules matching exactly the hosts both lists allow (an empty list allows any host).

    A rule covers a host and its subdomains, so two rules overlap only when one
    covers the other, and their overlap is the narrower rule: ``example.org`` and
    ``docs.example.org`` give ``docs.example.org``; ``a.org`` and ``b.org`` give nothing.
    """
    ops, jobs = _rules(operator), _rules(job)
    if not ops:
        return jobs or None
    if not jobs:
        return ops
    both = [j for j in jobs if any(_covers(o, j) for o in ops)]
    both += [o for o in ops if any(_covers(j, o) for j in jobs)]
    return tuple(dict.fromkeys(both))


def _rules(hosts: Sequence[str]) -> tuple[str, ...]:
    """The same normalisation as ``search.merge.host_matches``."""
    return tuple(dict.fromkeys(r for h in hosts if (r := h.lower().strip().removeprefix("www."))))


def _covers(rule: str, other: str) -> bool:
    return other == rule or other.endswith("." + rule)
