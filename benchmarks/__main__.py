"""Run every benchmark (``python -m benchmarks``) or some (``python -m benchmarks reference fetch``).

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
    names = [a for a in argv if not a.startswith("-")] or available()
    unknown = sorted(set(names) - set(available()))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(available())}", file=sys.stderr)
        return 2
    status = 0
    for name in names:
        print(f"\n=== {name}", flush=True)
        started = time.perf_counter()
        status |= importlib.import_module(f"benchmarks.bench_{name}").main([a for a in argv if a.startswith("-")])
        print(f"=== {name}: {time.perf_counter() - started:.1f}s", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
