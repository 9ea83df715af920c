#!/usr/bin/env bash
# Installs what the benchmarks compare against that npm does not bring: Debian's FluidSynth (the
# C reference renderer in bench/engine). Run once as root: bash scripts/install-bench-tools.sh
set -euo pipefail
if command -v fluidsynth >/dev/null; then echo "fluidsynth already installed"; exit 0; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fluidsynth >/dev/null
fluidsynth --version | head -1
