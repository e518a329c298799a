"""Benchmarks: each ``bench_*.py`` module has ``main(argv) -> int`` and prints its figures."""
