#!/usr/bin/env bash
# Creates the genre tagger's own venv (eval/tagger/.venv) and installs musicnn, whose MagnaTagATune and
# Million Song Dataset weights ship inside its PyPI wheel, with the pinned TensorFlow and librosa it
# runs on. Only PyPI is needed. Re-running is cheap: nothing is installed when the venv already holds
# this requirements file's packages. TAGGER_PYTHON picks the interpreter (TensorFlow 2.15 wants
# Python 3.9–3.11); otherwise the first of python3.11, python3.10, python3.9 that runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
stamp="$venv/.requirements-installed"
musicnn_version="0.1.0"

if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$here/requirements.txt" "$stamp"; then
  echo "tagger venv ready: $venv"
  exit 0
fi

python="${TAGGER_PYTHON:-}"
if [ -z "$python" ]; then
  for candidate in python3.11 python3.10 python3.9; do
    if "$candidate" -c 'import sys; sys.exit(0 if (3, 9) <= sys.version_info[:2] <= (3, 11) else 1)' 2>/dev/null; then
      python="$candidate"
      break
    fi
  done
fi
if [ -z "$python" ]; then
  echo "no Python 3.9–3.11 found (TensorFlow 2.15 needs one); set TAGGER_PYTHON to its path" >&2
  exit 2
fi

echo "creating $venv with $("$python" --version 2>&1)"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet -r "$here/requirements.txt"
# --no-deps: musicnn's metadata pins numpy<1.17 (no wheel for these Pythons); requirements.txt brings
# what its code imports (tensorflow, librosa, numpy).
"$venv/bin/python" -m pip install --quiet --no-deps "musicnn==$musicnn_version"
cp "$here/requirements.txt" "$stamp"
echo "tagger venv ready: $venv"
