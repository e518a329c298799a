"""What a standard/deep job may spend, what it is expected to spend, and whether the
next step still fits. Pure: options, settings and counts in, decisions out.

A budget holds because every model call and every fetch batch asks first
(:func:`refuse_call`, :func:`pages_left`): a call is made only when the tokens
spent so far plus the call's worst case (its prompt, counted generously, plus
its ``max_tokens``) fit. The rounds may use only part of the tokens: the rest
is kept for the report, so a job that reads until its budget is gone can
still be written up.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from worker.context_window import prompt_tokens

DEPTH_DEFAULTS: dict[str, dict[str, float]] = {
    # quick runs today's single pass and has no budget of its own
    "standard": {"rounds": 3, "queries_per_round": 3, "pages": 24, "tokens": 60_000, "seconds": 300},
    "deep": {"rounds": 6, "queries_per_round": 4, "pages": 60, "tokens": 200_000, "seconds": 900},
}
OPERATOR_CAPS = {
    "rounds": ("deep_max_rounds", "DEEPREF_DEEP_MAX_ROUNDS"),
    "queries_per_round": ("deep_max_queries_per_round", "DEEPREF_DEEP_MAX_QUERIES_PER_ROUND"),
    "pages": ("deep_max_pages", "DEEPREF_DEEP_MAX_PAGES"),
    "tokens": ("deep_max_tokens", "DEEPREF_DEEP_MAX_TOKENS"),
    "seconds": ("deep_max_seconds", "DEEPREF_DEEP_MAX_SECONDS"),
}
REPORT_SHARE = 0.3
"""Share of the token budget the rounds leave for the outline and the sections."""
PLAN_MAX_TOKENS = 300
READ_MAX_TOKENS = 900
OUTLINE_MAX_TOKENS = 400
WRITE_MAX_TOKENS = 700
READ_PROMPT_TOKENS = 4_000  # ~10 passages of 700 characters, the instructions and the gaps
PLAN_PROMPT_TOKENS = 600


@dataclass(frozen=True, slots=True)
class Budget:
    rounds: int
    queries_per_round: int
    pages: int
    tokens: int
    seconds: float

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Estimate:
    tokens: int
    pages: int
    model_calls: int


def resolve_budget(depth: str, asked, settings) -> tuple[Budget, list[str]]:
    """The budget of a job: what ``asked`` (``ResearchBudget``) sets, else the depth's
    default, never above the operator's cap (a warning says when one was lowered)."""
    if depth not in DEPTH_DEFAULTS:
        raise ValueError(f"depth {depth!r} has no budget (quick runs one pass)")
    warnings: list[str] = []
    values: dict[str, float] = {}
    for name, (setting, env) in OPERATOR_CAPS.items():
        cap = getattr(settings, setting)
        value = getattr(asked, name, None)
        if value is None:
            value = min(DEPTH_DEFAULTS[depth][name], cap)
        elif value > cap:
            warnings.append(f"options.budget.{name} {value:g} is above the server's {env} ({cap:g}): {cap:g} used")
            value = cap
        values[name] = value
    budget = Budget(
        rounds=int(values["rounds"]),
        queries_per_round=int(values["queries_per_round"]),
        pages=int(values["pages"]),
        tokens=int(values["tokens"]),
        seconds=float(values["seconds"]),
    )
    return budget, warnings


def estimate(budget: Budget, sections: int = 4) -> Estimate:
    """Worst case before the run: every round plans and reads, the report has an
    outline and ``sections`` sections; never more than the budget allows."""
    per_round = PLAN_PROMPT_TOKENS + PLAN_MAX_TOKENS + READ_PROMPT_TOKENS + READ_MAX_TOKENS
    report = OUTLINE_MAX_TOKENS + 1_500 + sections * (WRITE_MAX_TOKENS + 2_500)
    tokens = min(budget.tokens, budget.rounds * per_round + report)
    pages = min(budget.pages, budget.rounds * budget.queries_per_round * 8)
    return Estimate(tokens=int(tokens), pages=int(pages), model_calls=budget.rounds * 2 + 1 + sections)


@dataclass
class Spent:
    """Running totals of one job (stored with each round, so a resumed job goes on counting)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    pages: int = 0
    rounds: int = 0

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def as_dict(self) -> dict[str, int]:
        return {**asdict(self), "tokens": self.tokens}

    @classmethod
    def from_dict(cls, data: dict) -> Spent:
        return cls(**{k: int(data.get(k, 0)) for k in ("prompt_tokens", "completion_tokens", "pages", "rounds")})


def refuse_call(
    budget: Budget, spent: Spent, elapsed: float, messages: list[dict[str, str]], max_tokens: int, *, report: bool
) -> str | None:
    """Why a model call must not be made, or None. Rounds (``report=False``) keep
    ``REPORT_SHARE`` of the tokens for the report."""
    if elapsed >= budget.seconds:
        return f"time budget ({budget.seconds:g} s) reached"
    limit = budget.tokens if report else int(budget.tokens * (1 - REPORT_SHARE))
    worst = spent.tokens + prompt_tokens(messages) + max_tokens
    if worst > limit:
        what = "token budget" if report else "token budget for research rounds"
        return (
            f"{what} ({limit} of {budget.tokens}) would be exceeded: "
            f"{spent.tokens} spent, next call up to {worst - spent.tokens}"
        )
    return None


def pages_left(budget: Budget, spent: Spent, elapsed: float) -> int:
    """Pages the next fetch batch may request (0 once time is up)."""
    if elapsed >= budget.seconds:
        return 0
    return max(0, budget.pages - spent.pages)


def stop_before_round(budget: Budget, spent: Spent, elapsed: float, n: int) -> str | None:
    """Why round ``n`` must not start, or None."""
    if n > budget.rounds:
        return f"round budget ({budget.rounds}) reached"
    if elapsed >= budget.seconds:
        return f"time budget ({budget.seconds:g} s) reached"
    if spent.pages >= budget.pages:
        return f"page budget ({budget.pages}) reached"
    reading = READ_PROMPT_TOKENS // 4 + READ_MAX_TOKENS  # the smallest useful round
    if spent.tokens + reading > int(budget.tokens * (1 - REPORT_SHARE)):
        return f"token budget for research rounds reached ({spent.tokens} of {budget.tokens} spent)"
    return None


def check_depth(options, settings) -> None:
    """Fail at submit time when a standard/deep job cannot run here."""
    from reference.errors import ConfigurationError

    if options is not None and options.depth != "quick" and not settings.llm_base_url:
        raise ConfigurationError(
            f"depth={options.depth} needs a chat model to plan and read: set DEEPREF_LLM_BASE_URL "
            "(and DEEPREF_LLM_API_KEY), or use depth=quick for an extractive answer"
        )
