#!/usr/bin/env bash
# Fuzzes the live API against its own OpenAPI document with schemathesis (PyPI): starts the server
# on a fresh DATA_DIR and a free loopback port (generation off), signs in with the dev seed's API key,
# and fails on any 5xx, undocumented status, body that breaks its schema or wrong content type.
# Prints the number of requests sent and every failure. Bounded by FUZZ_MAX_SECONDS (default 150)
# (shared by an API-key pass and a signed-in user pass) and FUZZ_MAX_EXAMPLES per operation (default 60).
#   bash scripts/fuzz-api.sh                       # what CI runs
#   bash scripts/fuzz-api.sh --exclude-known-bugs  # skips the cases listed in KNOWN_BUG_EXCLUSIONS
set -uo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
VENV=.venv-fuzz
MAX_SECONDS=${FUZZ_MAX_SECONDS:-150}
MAX_EXAMPLES=${FUZZ_MAX_EXAMPLES:-60}
SEED=${FUZZ_SEED:-}
# For a branch that lacks a fix made elsewhere, skipped only with --exclude-known-bugs (never in
# CI): Fastify's own 414 for a path parameter over 100 characters was not problem+json before the
# framework-error fix (only negative generation makes such paths), and NUL characters reached
# Postgres (500) before the text-validation fix.
KNOWN_BUG_EXCLUSIONS=(--generation-allow-x00 false --mode positive)

exclusions=()
for arg in "$@"; do
  case "$arg" in
    --exclude-known-bugs) exclusions=("${KNOWN_BUG_EXCLUSIONS[@]}") ;;
    *) echo "unknown option $arg (known: --exclude-known-bugs)" >&2; exit 2 ;;
  esac
done

if [ ! -x "$VENV/bin/schemathesis" ] || ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  echo "installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  python3 -m venv "$VENV" || exit 1
  "$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" || exit 1
fi

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base="http://127.0.0.1:$port"
# Not a TTY, so the server logs JSON; the dev seed prints "API key: tf_…" once on a new DATA_DIR.
# A Stripe webhook secret is set so /v1/webhooks/stripe checks signatures (else it is 503 by design).
STRIPE_WEBHOOK_SECRET=whsec_fuzz_only_not_a_real_secret NODE_ENV=development DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 PUBLIC_URL="$base" \
  WORKERS=0 ENGINE_BANK=small LOG_LEVEL=warn \
  node --import tsx apps/api/src/main.ts serve >"$work/server.log" 2>&1 &
server_pid=$!

api_key=""
for _ in $(seq 1 120); do
  # The banner's curl line comes after the key, so the key line is complete once it is there.
  if grep -q 'curl -X POST' "$work/server.log"; then
    api_key=$(grep -oE 'API key: tf_[A-Za-z0-9_-]+' "$work/server.log" | head -1 | sed 's/API key: //')
    curl -fs "$base/readyz" >/dev/null && break
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log"; echo "the server did not start"; exit 1; fi
  sleep 0.5
done
if [ -z "$api_key" ]; then cat "$work/server.log"; echo "no API key from the dev seed"; exit 1; fi
curl -fs "$base/v1/me" -H "Authorization: Bearer $api_key" >/dev/null || { echo "the dev seed's API key is refused"; exit 1; }

# A signed-in user's access token too, for the routes API keys may not use: the demo user asks for
# a magic link, and the dev mailbox (development only) holds the mail with its token.
curl -fs -X POST "$base/v1/auth/magic-link" -H 'content-type: application/json' \
  -d '{"email":"demo@trackforge.local"}' >/dev/null || { echo "magic-link request failed"; exit 1; }
token=$(curl -fs "$base/_dev/mail" | grep -oE 'token=[A-Za-z0-9_-]+' | head -1 | sed 's/token=//')
access_token=$(curl -fs "$base/v1/auth/verify?token=$token" | node -e '
  let text = ""; process.stdin.on("data", (c) => (text += c));
  process.stdin.on("end", () => console.log(JSON.parse(text).access_token ?? ""));')
if [ -z "$access_token" ]; then echo "could not sign the demo user in"; exit 1; fi

# One pass per credential. The user pass leaves out sign-out (it would end its own session) and the
# billing routes (they need Stripe; their suite runs against stripe-mock).
run_pass() { # name, credential, seconds, extra schemathesis arguments…
  local name=$1 credential=$2 seconds=$3
  shift 3
  echo "=== fuzz pass: $name (≤ ${seconds}s, ≤ $MAX_EXAMPLES examples per operation)"
  SCHEMATHESIS_HOOKS=scripts/fuzz-api-hooks.py "$VENV/bin/schemathesis" run "$base/openapi.json" \
    --header "Authorization: Bearer $credential" \
    --checks not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance \
    --phases examples,coverage,fuzzing \
    --max-examples "$MAX_EXAMPLES" --max-time "$seconds" --request-timeout 20 \
    --workers 1 --no-color --suppress-health-check all --generation-database none \
    ${SEED:+--seed "$SEED"} \
    --report ndjson --report-ndjson-path "$work/$name.ndjson" \
    "${exclusions[@]}" "$@" 2>&1 | tee "$work/$name.log"
  return "${PIPESTATUS[0]}"
}

echo "fuzzing $base with schemathesis $SCHEMATHESIS_VERSION"
status=0
run_pass api-key "$api_key" $((MAX_SECONDS * 2 / 3)) || { status=1; echo "api-key pass failed"; }
run_pass user "$access_token" $((MAX_SECONDS / 3)) \
  --exclude-path /v1/auth/signout --exclude-path-regex '^/v1/billing/' || { status=1; echo "user pass failed"; }

requests=$(node -e '
  let n = 0;
  for (const file of process.argv.slice(1)) {
    for (const line of require("fs").readFileSync(file, "utf8").split("\n").filter(Boolean)) {
      const finished = JSON.parse(line).ScenarioFinished;
      if (finished) n += Object.keys(finished.recorder?.interactions ?? {}).length;
    }
  }
  console.log(n);
' "$work/api-key.ndjson" "$work/user.ndjson" 2>/dev/null || echo "?")
failures=$(grep -hoE '[0-9]+ (failures?|errors?)(, [0-9]+ warnings?)? in [0-9.]+s' "$work/api-key.log" "$work/user.log" | grep -oE '^[0-9]+' | awk '{ n += $1 } END { print n + 0 }')
if grep -q '"msg":"unhandled error"' "$work/server.log"; then
  echo "--- unhandled errors in the server log (first 10):"
  grep '"msg":"unhandled error"' "$work/server.log" | head -10 | cut -c1-400
fi
echo "fuzz: $requests requests sent, ${failures:-0} failures (exit status $status)"
exit "$status"
