#!/usr/bin/env bash
# Creates .venv-sdk/ (gitignored) with the Python SDK installed editable plus its test and build
# tools from PyPI, for `npm test` and CI. Re-running is cheap: it reinstalls only when
# packages/sdk-python/pyproject.toml changed since the last install.
# Usage: bash scripts/setup-python-sdk.sh   (PYTHON=python3.12 picks another interpreter)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=.venv-sdk
STAMP="$VENV/.installed-from"
wanted=$(sha256sum packages/sdk-python/pyproject.toml | cut -c1-64)
if [ -x "$VENV/bin/python" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$wanted" ]; then
  exit 0
fi
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "packages/sdk-python[dev]"
echo "$wanted" > "$STAMP"
"$VENV/bin/python" -c 'import sys, trackforge; print(f"Python SDK venv ready: .venv-sdk (Python {sys.version.split()[0]}, trackforge {trackforge.__version__})")'
