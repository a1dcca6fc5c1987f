#!/usr/bin/env bash
# Command 1: build everything the site needs and serve it on http://127.0.0.1:${PORT:-8000}/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
exec python3 scripts/serve.py --port "${PORT:-8000}"
