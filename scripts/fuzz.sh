#!/usr/bin/env bash
# OpenAPI-driven fuzzing: schemathesis generates requests for every operation of openapi.json
# (valid and invalid ones) and sends them to the real binary on a fresh demo database, once
# as a guest and once signed in as a demo member. It fails on any 5xx, on any answer whose
# status the document does not list, and on any answer that breaks its documented schema.
# Fixed seed and bounded examples: the same requests every run.
#
# Needs schemathesis (`pip install schemathesis`; .ci/run installs it).
# FUZZ_EXAMPLES (default 20) and FUZZ_SEED tune the run.
set -euo pipefail
cd "$(dirname "$0")/.."

PATH="$HOME/.local/bin:$PATH"
if ! command -v st >/dev/null 2>&1; then
  echo "schemathesis is not installed: pip install schemathesis" >&2
  exit 1
fi
examples="${FUZZ_EXAMPLES:-20}"
seed="${FUZZ_SEED:-20261125}"

cargo build -q -p waypoint

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
# No bot-check: the fuzzer cannot solve a proof of work, and sign-up must be reachable.
WAYPOINT_BOTCHECK=off WAYPOINT_DATA_DIR="$work" DATABASE_URL="sqlite://$work/fuzz.db" \
  ./target/debug/waypoint serve --demo --addr "127.0.0.1:$port" --web-dir "$work/no-web" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
  if curl -fsS "$base/readyz" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
curl -fsS "$base/readyz" >/dev/null || { cat "$work/server.log"; exit 1; }

# Taken before the guest run, whose sign-in attempts may use up the sign-in rate limit.
token="$(curl -fsS -H 'Host: localhost' -H 'Content-Type: application/json' \
  -d '{"username":"maria@example.com","password":"waypoint-demo"}' "$base/api/v1/token/" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["access"])')"

# One worker: CPython 3.11's ast module is not thread-safe ("AST constructor recursion depth
# mismatch" inside schemathesis with two workers), and the server has the two cores anyway.
fuzz() {
  st run openapi.json --url "$base" -H "Host: localhost" "$@" \
    --checks not_a_server_error,status_code_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing --max-examples "$examples" --seed "$seed" \
    --generation-database none --no-shrink --workers 1 --request-timeout 30 \
    --no-color --warnings off
}

status=0
echo "==> Fuzzing every operation as a guest"
fuzz || status=1
echo "==> Fuzzing every operation signed in as maria@example.com"
# Nothing here can end the session: change-password needs the current password and logout a
# refresh token, neither of which the fuzzer knows. The check below makes sure of it, since
# a lost token would quietly turn this run into a second guest run (401 is documented).
fuzz -H "Authorization: Bearer $token" || status=1
if ! curl -fsS -o /dev/null -H 'Host: localhost' -H "Authorization: Bearer $token" "$base/api/v1/identity/"; then
  echo "the signed-in run lost its session: its results are not those of a signed-in user" >&2
  status=1
fi

if [ "$status" -ne 0 ]; then
  echo "--- server log (errors) ---"
  grep -iE 'error|panic' "$work/server.log" | tail -n 40 || true
fi
exit "$status"
