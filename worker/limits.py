"""What a job's options may change: they narrow the operator's settings, never widen them.

Options come from whoever can submit a job (an HTTP caller, a report definition);
settings come from the operator. So an option that loosens a limit is clamped to
the operator's value (with a warning in the result), allow lists intersect (a host
must be allowed by both) and deny lists add up. Pure: settings and options in,
limits out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class JobLimits:
    max_pages: int
    sub_queries: int
    allow_hosts: tuple[str, ...] | None
    """None: any host; an empty tuple: no host at all (the two allow lists share none)."""
    deny_hosts: tuple[str, ...]
    warnings: tuple[str, ...] = ()


def job_limits(options, settings) -> JobLimits:
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
