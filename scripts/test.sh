#!/usr/bin/env bash
# Runs lint, the format check, the type check and the whole test suite. Starts a Redis if none answers on
# 127.0.0.1:6379, because tests of the queue need a real one. Whatever it installs with
# apt-get (Redis, the browser, a font, OCR, BibTeX) it names in one line before installing.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
bash scripts/ensure-redis.sh
# the viewer's end-to-end test drives Debian's Chromium (no browser download); a small
# CJK font lets its screenshot show the Chinese test page instead of empty boxes
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg -s fonts-wqy-microhei >/dev/null 2>&1 || missing+=(fonts-wqy-microhei)
# Tesseract reads scanned PDFs in tests/search/documents (the OCR test skips without it)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test.sh: apt-get install ${missing[*]} (Debian's packages some tests use)" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) \
    || echo "test.sh: could not install ${missing[*]}; the browser test will say so" >&2
fi
# PDF exports: WeasyPrint lays pages out with Pango (libpangoft2 pulls libpango and HarfBuzz) and subsets
# fonts with HarfBuzz-Subset (WeasyPrint 70 warns without it, and the tests make warnings errors); DejaVu
# Sans covers Latin, Arabic and Hebrew, WenQuanYi Micro Hei (above) CJK. LibreOffice (Writer, no GUI,
# about 50 packages) is a third reader of the DOCX exports (tests/export; the test skips without it)
docs=()
dpkg -s libpangoft2-1.0-0 >/dev/null 2>&1 || docs+=(libpangoft2-1.0-0)
dpkg -s libharfbuzz-subset0 >/dev/null 2>&1 || docs+=(libharfbuzz-subset0)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || docs+=(fonts-dejavu-core)
command -v soffice >/dev/null 2>&1 || docs+=(libreoffice-writer-nogui)
if [ ${#docs[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test.sh: apt-get install ${docs[*]} (Debian's packages the PDF and DOCX export tests use)" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${docs[@]}" >/dev/null) || echo "test.sh: could not install ${docs[*]}; the export tests will say so" >&2
fi
# BibTeX 0.99d reads the BibTeX exports back (tests/bibliography/test_bibtex_hostile.py); only
# its binaries (about 10 MB), no TeX Live styles or fonts
if ! command -v bibtex >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test.sh: apt-get install texlive-binaries (BibTeX, from Debian's packages)" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    texlive-binaries >/dev/null) || echo "test.sh: could not install BibTeX; its reader test will skip" >&2
fi
$BIN/ruff check .
$BIN/ruff format --check .
$BIN/mypy  # the packages [tool.mypy] in pyproject.toml lists
# a whole run takes 10 to 20 minutes on 2 cores; one that takes 50 is stuck, and is stopped
# (each test has its own timeout too: [tool.pytest.ini_options] in pyproject.toml)
status=0
timeout --kill-after=30 50m $BIN/python -m pytest "$@" || status=$?
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
  echo "test.sh: the test run did not end within 50 minutes and was stopped" >&2
fi
exit "$status"
