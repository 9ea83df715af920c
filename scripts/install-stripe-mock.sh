#!/usr/bin/env sh
# Installs stripe-mock (Stripe's OpenAPI-driven fake API) into <repo>/.tools/bin for the billing
# tests; they start it on a loopback port. Idempotent: does nothing when the binary is already there.
# Needs Go and the Go module proxy. Usage: scripts/install-stripe-mock.sh
set -eu
repo_root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
bin_dir="$repo_root/.tools/bin"
if [ -x "$bin_dir/stripe-mock" ]; then
  echo "stripe-mock already installed at $bin_dir/stripe-mock"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "install-stripe-mock: Go is not installed; install Go 1.21+ first" >&2
  exit 1
fi
mkdir -p "$bin_dir"
GOBIN="$bin_dir" go install github.com/stripe/stripe-mock@latest
echo "stripe-mock installed at $bin_dir/stripe-mock"
