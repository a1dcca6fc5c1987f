#!/usr/bin/env bash
# Install the pinned web runtime (package-lock.json) and the build's Python tools
# (requirements-build.txt, into .venv), then build the static site.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules/@pyscript/core ] || [ ! -d node_modules/pyodide ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-build.txt
.venv/bin/python scripts/build.py "$@"
