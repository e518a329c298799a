"""Run every benchmark (``python -m benchmarks``) or some (``python -m benchmarks reference fetch``);
options after the names go to each (``python -m benchmarks queue --jobs 50``).

Each compares against a baseline measured in the same run and prints ratios, since the
machines are shared and noisy. Results are copied into docs/benchmarks.md by hand,
with the command that produced them.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def available() -> list[str]:
    return sorted(
        m.name.removeprefix("bench_") for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_")
    )


def main(argv: list[str]) -> int:
    # leading words are benchmark names; everything from the first option on is passed to each
    first_option = next((i for i, a in enumerate(argv) if a.startswith("-")), len(argv))
    names, options = argv[:first_option] or available(), argv[first_option:]
    unknown = sorted(set(names) - set(available()))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(available())}", file=sys.stderr)
        return 2
    status = 0
    for name in names:
        print(f"\n=== {name}", flush=True)
        started = time.perf_counter()
        status |= importlib.import_module(f"benchmarks.bench_{name}").main(options)
        print(f"=== {name}: {time.perf_counter() - started:.1f}s", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
