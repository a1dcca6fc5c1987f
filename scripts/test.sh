#!/usr/bin/env bash
# Command 2: install every test dependency and run all tests, unit and end-to-end.
#  - Python packages into .venv (requirements-test.txt)
#  - Chromium from Debian when no Chrome/Chromium is on the machine, and Debian's
#    fonts-noto-cjk when no Japanese/Korean font is (for the ja/ko screens)
#  - Babel (requirements-build.txt) by scripts/build.sh, which compiles the catalogs
#  - the site built (scripts/build.sh), then pytest over tests/unit and tests/e2e, in two
#    processes (pytest-xdist; each test file runs whole in one of them, the longest first:
#    see pytest_collection_modifyitems in tests/e2e/conftest.py)
# Extra arguments go to pytest (e.g. scripts/test.sh tests/unit -q; -n 0 for one process).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-test.txt

find_browser() {
  for name in chromium chromium-browser google-chrome google-chrome-stable chrome; do
    if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
  done
  return 1
}
if [ -z "${GELATERIA_BROWSER:-}" ] && ! find_browser >/dev/null; then
  echo "test.sh: no Chrome or Chromium found; installing Debian's chromium"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
export GELATERIA_BROWSER="${GELATERIA_BROWSER:-$(find_browser)}"
# Japanese and Korean screens need CJK glyphs (a player's phone has its own fonts).
if ! fc-list :lang=ja 2>/dev/null | grep -q . || ! fc-list :lang=ko 2>/dev/null | grep -q .; then
  echo "test.sh: no Japanese/Korean fonts found; installing Debian's fonts-noto-cjk"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fonts-noto-cjk >/dev/null
fi

bash scripts/build.sh
exec .venv/bin/python -m pytest -n 2 --dist loadfile --no-loadscope-reorder "$@"
