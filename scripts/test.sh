#!/usr/bin/env bash
# Runs lint and the whole test suite. Starts a Redis if none answers on 127.0.0.1:6379,
# because tests of the queue need a real one.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
bash scripts/ensure-redis.sh
$BIN/ruff check .
$BIN/python -m pytest "$@"
