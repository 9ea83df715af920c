#!/usr/bin/env sh
# Installs moto's S3-compatible server (moto[server] from PyPI) into its own venv at
# <repo>/.tools/moto, for the multi-node suite (apps/api/test/multinode), which starts it on a
# loopback port as `.tools/moto/bin/moto_server`. Idempotent. Usage: scripts/install-moto.sh
set -eu
repo_root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
venv="$repo_root/.tools/moto"
if [ -x "$venv/bin/moto_server" ]; then
  echo "moto server already installed at $venv/bin/moto_server"
  exit 0
fi
python=${PYTHON:-python3}
"$python" -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check 'moto[server]==5.*'
echo "moto server installed at $venv/bin/moto_server"
