"""Faults on a small real deployment: jobs done, lost and stuck, and the time to recover.

For each fault (benchmarks/chaos.py), a fresh redis-server of its own (append-only
file, ``noeviction``), two ``deepref worker -c 2``, ``deepref beat``, a model that
answers in two seconds, and jobs in flight:

- ``full``: Redis fills up while jobs generate and more wait, stays full, then is freed;
- ``restart``: Redis is SIGKILLed and restarted from its append-only file, and one
  worker is SIGKILLed at the same moment (it stays dead);
- ``lost``: queued jobs' messages are deleted from the broker before a worker runs.

"moving again" is the time from the fault's end (memory freed, Redis answering,
the first worker ready) until a stage of any job finished; "all done" until every
job was finished. The shared Redis is never touched.

    python -m benchmarks chaos [--jobs N] [--faults full,restart,lost]
"""

from __future__ import annotations

import time


def main(argv: list[str]) -> int:
    from benchmarks import chaos

    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 12
    names = argv[argv.index("--faults") + 1].split(",") if "--faults" in argv else list(chaos.FAULTS)
    outcomes = []
    for name in names:
        started = time.perf_counter()
        kwargs = {"jobs": jobs} if name != "lost" else {"jobs": max(1, jobs // 4)}
        outcome = chaos.FAULTS[name](**kwargs)
        outcomes.append(outcome)
        print(f"{name}: {time.perf_counter() - started:.0f} s; {outcome}", flush=True)
    print()
    print(chaos.HEADER)
    for outcome in outcomes:
        print(outcome.row())
    for outcome in outcomes:
        for refusal in outcome.refusals:
            print(f"- {outcome.fault}: submit refused: {refusal}")
    bad = [o for o in outcomes if o.lost or o.stuck or o.done != o.jobs or o.half_made]
    return 1 if bad else 0
