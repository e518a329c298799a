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
from typing import TYPE_CHECKING

from deepref.worker.inference import spend
from deepref.worker.inference.context_window import prompt_tokens
from deepref.worker.inference.pricing import Price

if TYPE_CHECKING:
    from deepref.worker.jobs.models import ResearchOptions
    from deepref.worker.settings import Settings

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
    cost: float | None = None
    """US dollars, or None: no cost budget (worker/inference/spend.py)."""

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Estimate:
    tokens: int
    pages: int
    model_calls: int
    cost: float | None = None
    """US dollars at most, at the model's price; None when the price is unknown."""


def resolve_budget(depth: str, asked, settings: Settings) -> tuple[Budget, list[str]]:
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
    cost = getattr(asked, "cost", None)
    if cost is not None and settings.max_cost is not None and cost > settings.max_cost:
        warnings.append(
            f"options.budget.cost {cost:g} is above the server's DEEPREF_MAX_COST ({settings.max_cost:g}): "
            f"{settings.max_cost:g} used"
        )
    budget = Budget(
        rounds=int(values["rounds"]),
        queries_per_round=int(values["queries_per_round"]),
        pages=int(values["pages"]),
        tokens=int(values["tokens"]),
        seconds=float(values["seconds"]),
        cost=spend.capped(cost, settings.max_cost),
    )
    return budget, warnings


def estimate(budget: Budget, sections: int = 4, price: Price | None = None) -> Estimate:
    """Worst case before the run: every round plans and reads, the report has an
    outline and ``sections`` sections; never more than the budget allows."""
    prompts = budget.rounds * (PLAN_PROMPT_TOKENS + READ_PROMPT_TOKENS) + 1_500 + sections * 2_500
    completions = budget.rounds * (PLAN_MAX_TOKENS + READ_MAX_TOKENS) + OUTLINE_MAX_TOKENS + sections * WRITE_MAX_TOKENS
    tokens = min(budget.tokens, prompts + completions)
    share = tokens / (prompts + completions)  # the budget cuts prompts and completions alike
    cost = price.cost(int(prompts * share), int(completions * share)) if price is not None else None
    if cost is not None and budget.cost is not None:
        cost = min(cost, budget.cost)
    pages = min(budget.pages, budget.rounds * budget.queries_per_round * 8)
    return Estimate(tokens=int(tokens), pages=int(pages), model_calls=budget.rounds * 2 + 1 + sections, cost=cost)


@dataclass
class Spent:
    """Running totals of one job (stored with each round, so a resumed job goes on counting)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    pages: int = 0
    rounds: int = 0
    cost: float | None = 0.0
    """US dollars; None once a call's price was unknown."""
    model_calls: int = 0
    reasoning_tokens: int = 0
    cached_tokens: int = 0

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def as_dict(self) -> dict:
        return {**asdict(self), "tokens": self.tokens}

    @classmethod
    def from_dict(cls, data: dict) -> Spent:
        counts = ("prompt_tokens", "completion_tokens", "pages", "rounds", "model_calls", "reasoning_tokens")
        out = cls(**{k: int(data.get(k, 0)) for k in (*counts, "cached_tokens")})
        out.cost = None if data.get("cost", 0.0) is None else float(data.get("cost", 0.0))
        return out

    def add_call(self, gen, messages: list[dict[str, str]], max_tokens: int, price: Price | None) -> None:
        """Count a model call; an endpoint that reports no usage is charged the worst case."""
        prompt = gen.prompt_tokens or prompt_tokens(messages)
        completion = gen.completion_tokens or max_tokens
        self.prompt_tokens += prompt
        self.completion_tokens += completion
        self.model_calls += 1
        self.reasoning_tokens += gen.reasoning_tokens
        self.cached_tokens += gen.cached_tokens
        cost = gen.cost if gen.prompt_tokens else (price.cost(prompt, completion) if price is not None else None)
        self.cost = None if self.cost is None or cost is None else self.cost + cost

    def usage(self) -> dict:
        """As a job result reports it (worker/inference/spend.py's fields)."""
        return {k: v for k, v in self.as_dict().items() if k not in ("pages", "rounds", "tokens")}


def refuse_call(
    budget: Budget,
    spent: Spent,
    elapsed: float,
    messages: list[dict[str, str]],
    max_tokens: int,
    *,
    report: bool,
    price: Price | None = None,
) -> str | None:
    """Why a model call must not be made, or None. Rounds (``report=False``) keep
    ``REPORT_SHARE`` of the tokens, and of the cost budget, for the report."""
    if elapsed >= budget.seconds:
        return f"time budget ({budget.seconds:g} s) reached"
    if budget.cost is not None:
        limit = budget.cost if report else budget.cost * (1 - REPORT_SHARE)
        if why := spend.refuse_cost(limit, spent.cost, price, messages, max_tokens):
            return why if report else f"{why} (the rest is kept for the report)"
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


def check_depth(options: ResearchOptions | None, settings: Settings) -> None:
    """Fail at submit time when a standard/deep job cannot run here."""
    from deepref.reference.errors import ConfigurationError

    if options is not None and options.depth != "quick" and not settings.llm_base_url:
        raise ConfigurationError(
            f"depth={options.depth} needs a chat model to plan and read: set DEEPREF_LLM_BASE_URL "
            "(and DEEPREF_LLM_API_KEY), or use depth=quick for an extractive answer"
        )
