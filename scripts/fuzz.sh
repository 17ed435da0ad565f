#!/usr/bin/env bash
# OpenAPI-driven fuzzing: schemathesis generates requests for every operation of openapi.json
# (valid and invalid ones) and sends them to the real binary on a fresh demo database, once
# as a guest and once signed in as a demo member. It fails on any 5xx, on any answer whose
# status the document does not list, and on any answer that breaks its documented schema.
# Fixed seed and bounded examples: the same requests every run.
#
# It runs on a fresh SQLite file, and again on a fresh PostgreSQL database when
# WAYPOINT_TEST_DATABASE_URL is set (the database is created next to that one and dropped
# afterwards; needs psql).
#
# Needs schemathesis (`pip install schemathesis`; .ci/run installs it).
# FUZZ_EXAMPLES (default 20), FUZZ_PG_EXAMPLES (default FUZZ_EXAMPLES) and FUZZ_SEED tune the run.
set -euo pipefail
cd "$(dirname "$0")/.."

PATH="$HOME/.local/bin:$PATH"
if ! command -v st >/dev/null 2>&1; then
  echo "schemathesis is not installed: pip install schemathesis" >&2
  exit 1
fi
examples="${FUZZ_EXAMPLES:-20}"
pg_examples="${FUZZ_PG_EXAMPLES:-$examples}"
seed="${FUZZ_SEED:-20261125}"

cargo build -q -p waypoint

work="$(mktemp -d)"
server_pid=""
pg_admin_url=""
pg_database=""
stop_server() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
drop_pg_database() {
  if [ -n "$pg_database" ]; then
    psql "$pg_admin_url" -qc "DROP DATABASE IF EXISTS $pg_database WITH (FORCE)" >/dev/null 2>&1 || true
    pg_database=""
  fi
}
cleanup() {
  stop_server
  drop_pg_database
  rm -rf "$work"
}
trap cleanup EXIT

# One worker: CPython 3.11's ast module is not thread-safe ("AST constructor recursion depth
# mismatch" inside schemathesis with two workers), and the server has the two cores anyway.
fuzz() {
  local max_examples="$1"
  shift
  st run openapi.json --url "$base" -H "Host: localhost" "$@" \
    --checks not_a_server_error,status_code_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing --max-examples "$max_examples" --seed "$seed" \
    --generation-database none --no-shrink --workers 1 --request-timeout 30 \
    --no-color --warnings off
}

# fuzz_database LABEL DATABASE_URL MAX_EXAMPLES: a demo server on that (empty) database, the
# guest run, then the signed-in run.
fuzz_database() {
  local label="$1" database_url="$2" max_examples="$3" data_dir="$work/$1" status=0
  mkdir -p "$data_dir"
  local port
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  base="http://127.0.0.1:$port"
  # No bot-check: the fuzzer cannot solve a proof of work, and sign-up must be reachable.
  WAYPOINT_BOTCHECK=off WAYPOINT_DATA_DIR="$data_dir" DATABASE_URL="$database_url" \
    ./target/debug/waypoint serve --demo --addr "127.0.0.1:$port" --web-dir "$work/no-web" >"$data_dir/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do
    if curl -fsS "$base/readyz" >/dev/null 2>&1; then break; fi
    sleep 0.1
  done
  curl -fsS "$base/readyz" >/dev/null || { cat "$data_dir/server.log"; return 1; }

  # Taken before the guest run, whose sign-in attempts may use up the sign-in rate limit.
  local token
  token="$(curl -fsS -H 'Host: localhost' -H 'Content-Type: application/json' \
    -d '{"username":"maria@example.com","password":"waypoint-demo"}' "$base/api/v1/token/" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["access"])')"

  echo "==> [$label] Fuzzing every operation as a guest"
  fuzz "$max_examples" || status=1
  echo "==> [$label] Fuzzing every operation signed in as maria@example.com"
  # Nothing here can end the session: change-password needs the current password and logout a
  # refresh token, neither of which the fuzzer knows. The check below makes sure of it, since
  # a lost token would quietly turn this run into a second guest run (401 is documented).
  fuzz "$max_examples" -H "Authorization: Bearer $token" || status=1
  if ! curl -fsS -o /dev/null -H 'Host: localhost' -H "Authorization: Bearer $token" "$base/api/v1/identity/"; then
    echo "[$label] the signed-in run lost its session: its results are not those of a signed-in user" >&2
    status=1
  fi
  if [ "$status" -ne 0 ]; then
    echo "--- [$label] server log (errors) ---"
    grep -iE 'error|panic' "$data_dir/server.log" | tail -n 40 || true
  fi
  stop_server
  return "$status"
}

status=0
fuzz_database sqlite "sqlite://$work/fuzz.db" "$examples" || status=1

if [ -n "${WAYPOINT_TEST_DATABASE_URL:-}" ]; then
  if command -v psql >/dev/null 2>&1; then
    pg_admin_url="$WAYPOINT_TEST_DATABASE_URL"
    pg_database="waypoint_fuzz_$$"
    psql "$pg_admin_url" -qc "CREATE DATABASE $pg_database" >/dev/null
    fuzz_database postgres "${pg_admin_url%/*}/$pg_database" "$pg_examples" || status=1
    drop_pg_database
  else
    echo "(psql is not installed: skipping the PostgreSQL fuzz run)"
  fi
else
  echo "(WAYPOINT_TEST_DATABASE_URL is not set: skipping the PostgreSQL fuzz run)"
fi
exit "$status"
