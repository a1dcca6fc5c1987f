#!/usr/bin/env bash
# Install the pinned web runtime (package-lock.json) and build the static site.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules/@pyscript/core ] || [ ! -d node_modules/pyodide ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
python3 scripts/build.py "$@"
