#!/usr/bin/env bash
# Runs lint and the whole test suite. Starts a Redis if none answers on 127.0.0.1:6379,
# because tests of the queue need a real one.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
bash scripts/ensure-redis.sh
# the viewer's end-to-end test drives Debian's Chromium (no browser download)
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "test.sh: installing chromium from Debian's packages" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "test.sh: could not install chromium; the browser test will say so" >&2
fi
$BIN/ruff check .
$BIN/python -m pytest "$@"
