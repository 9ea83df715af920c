#!/usr/bin/env bash
# Creates .venv-sdk/ (gitignored) with the Python SDK installed editable and its test and build
# tools from PyPI, for `npm test` and CI. Idempotent: re-running only installs what changed.
# Usage: bash scripts/setup-python-sdk.sh   (PYTHON=python3.9 to pick another interpreter)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=.venv-sdk
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "packages/sdk-python[dev]"
"$VENV/bin/python" -c 'import trackforge, sys; print(f"Python SDK venv ready: {sys.version.split()[0]} in .venv-sdk, trackforge {trackforge.__version__}")'
