"""How often a job falls back when its model ignores the JSON it is asked for
(``python -m benchmarks fallbacks [--jobs N] [--rates 0,0.2,0.5]``).

Deep research asks the model for JSON three ways: a round's plan (queries), a
reading (findings with their passages) and the report's outline. A model that
answers in prose instead gets a fallback (the question and the open gaps are
searched; the reading keeps its sentences that cite passages shown, or else the
passages' sentences most about the question; the report has one section), and the
job's warnings name the step. Here the test suite's researcher model (tests/fakes/)
answers a share of those requests in prose, drawn from a seeded generator, and
standard jobs run in process against local search and pages. Printed per rate:
for each step, the requests, how many the model answered in prose, and how many
warnings named that step's fallback (they must match); what the prose readings
kept (their own cited sentences, the passages' sentences, nothing); then the share
of jobs that still ended with cited references. Baseline in the same run: rate 0.
"""

from __future__ import annotations

import random
import sys

from benchmarks.services import local_research

STEPS = ("plan", "reading", "outline")
MARKERS = {"plan": "[[deepref:plan]]", "reading": "[[deepref:read]]", "outline": "[[deepref:outline]]"}
# what a reading in prose kept, as its warning says (worker/pipeline/deep/prose.py)
KEPT = {"own": "of its sentences citing", "passages": "sentence(s) of the passages", "none": "no finding kept"}


def _arg(argv: list[str], name: str, default: str) -> str:
    return argv[argv.index(name) + 1] if name in argv else default


def run_rate(rate: float, jobs: int) -> dict:
    from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
    from deepref.worker.pipeline.embedded import run_research

    counts = {step: {"asked": 0, "prose": 0, "warned": 0} for step in STEPS}
    kept = dict.fromkeys(KEPT, 0)
    cited = 0
    with local_research(per_query=2) as local:
        model = local.model
        for i in range(jobs):
            question = f"What do tidal lagoon costs depend on, case {i}?"
            model.researcher.behave(
                f"case {i}?", rounds=3, prose_rate=rate, rng=random.Random(i), prose_rng=random.Random(1000 + i)
            )
            options = ResearchOptions(depth="standard", embedder="jaccard", budget=ResearchBudget(rounds=3))
            result = run_research(question, options, settings=local.settings)
            cited += bool(result.references)
            how = model.researcher.behaviours[f"case {i}?"]
            for step in STEPS:
                counts[step]["prose"] += how.prose.get(step, 0)
                named = f"model's {step} was not the JSON asked for"
                counts[step]["warned"] += sum(named in w for w in result.warnings)
            for w in result.warnings:
                for what, words in KEPT.items():
                    kept[what] += "model's reading was not the JSON" in w and words in w
        for marker, _ in model.researcher.prompts:
            for step, m in MARKERS.items():
                counts[step]["asked"] += marker == m
    return {"steps": counts, "kept": kept, "cited": cited, "jobs": jobs}


def main(argv: list[str]) -> int:
    jobs = int(_arg(argv, "--jobs", "6"))
    rates = [float(r) for r in _arg(argv, "--rates", "0,0.2,0.5").split(",")]
    print(
        "rate | step: asked, answered in prose, fallback warnings"
        " | prose readings kept: own cited sentences, passage sentences, nothing | jobs with cited references"
    )
    status = 0
    for rate in rates:
        got = run_rate(rate, jobs)
        parts = []
        for step, c in got["steps"].items():
            parts.append(f"{step}: {c['asked']}, {c['prose']}, {c['warned']}")
            status |= int(c["prose"] != c["warned"])  # every fallback must be named
        kept = ", ".join(str(v) for v in got["kept"].values())
        print(f"{rate:.2f} | {'; '.join(parts)} | {kept} | {got['cited']} of {got['jobs']}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
