"""``python -m benchmarks fallbacks``: a model that ignores JSON, and every fallback named."""

from __future__ import annotations

import re


def test_every_step_answered_in_prose_is_named_in_the_warnings(capsys):
    from benchmarks import bench_fallbacks

    assert bench_fallbacks.main(["--jobs", "3", "--rates", "0,0.5"]) == 0  # prose answers == fallback warnings
    out = capsys.readouterr().out
    calm, prose = re.findall(r"^(\d\.\d\d) \| (.*) \| (\d+) of 3$", out, re.M)
    assert calm[0] == "0.00" and all(n == "0" for n in re.findall(r", (\d+), \d+", calm[1]))
    assert prose[0] == "0.50" and sum(int(n) for n in re.findall(r", (\d+), \d+", prose[1])) > 0
