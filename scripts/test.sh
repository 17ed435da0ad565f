#!/usr/bin/env bash
# Runs every test: formatting and lints, import cycles between modules, the Rust suite on
# SQLite (and on PostgreSQL when WAYPOINT_TEST_DATABASE_URL is set), the OpenAPI freshness
# check, the API fuzz run (scripts/fuzz.sh), the web app's lint, type check, unit tests, build
# and budget, and the end-to-end tests in Chromium against the real binary.
#
# The web checks run in the background beside the PostgreSQL suite and the fuzz run, which
# mostly wait on the database and the network and leave the CPU idle; their output is printed
# as one block when they end, and the run fails if they did.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

web_checks() {
  set -e
  step "Web: generated API types are current"
  npm --prefix web run -s gen:api
  git diff --exit-code -- web/src/lib/api/schema.d.ts || {
    echo "web/src/lib/api/schema.d.ts was stale: commit the regenerated file" >&2
    exit 1
  }
  step "Web: lint"
  npm --prefix web run -s lint
  step "Web: type check"
  npm --prefix web run -s typecheck
  step "Web: unit tests"
  npm --prefix web run -s test
  step "Web: build"
  npm --prefix web run -s build
  step "Web: JavaScript budget per route (gzip; web/scripts/budget.mjs)"
  npm --prefix web run -s budget
}

web_log="$(mktemp)"
web_pid=""
stop_web_checks() {
  if [ -n "$web_pid" ]; then kill -- "-$web_pid" 2>/dev/null || kill "$web_pid" 2>/dev/null || true; fi
  rm -f "$web_log"
}
trap stop_web_checks EXIT

step "Sentence-embedding model (the matching engine's tests and the evaluation set)"
export WAYPOINT_EMBEDDING_MODEL_DIR="${WAYPOINT_EMBEDDING_MODEL_DIR:-$PWD/data/models/all-MiniLM-L6-v2}"
REQUIRE_MODEL=1 ./scripts/fetch-model.sh "$WAYPOINT_EMBEDDING_MODEL_DIR"

step "Rust formatting"
cargo fmt --all -- --check

step "Clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "Module import cycles"
python3 scripts/module-cycles.py

step "Rust tests: build"
# Compiling is not bounded (a cold debug build takes over 20 minutes on two busy cores); only
# running the tests is, so that a hung test fails the run instead of stalling it.
cargo test --workspace --no-run

step "Rust tests on SQLite"
WAYPOINT_TEST_DATABASE_URL= timeout 1200 cargo test --workspace

if [ ! -d web/node_modules ]; then
  step "Installing web packages"
  npm --prefix web ci --no-audit --no-fund
fi
step "Web checks: started in the background (their output follows the fuzz run)"
set -m
web_checks >"$web_log" 2>&1 &
web_pid=$!
set +m

if [ -n "${WAYPOINT_TEST_DATABASE_URL:-}" ]; then
  step "Rust tests on PostgreSQL"
  # Each test waits mostly on the server (a schema of its own, migrated): more tests at once
  # than the two cores keep both busy.
  timeout 1800 cargo test --workspace -- --test-threads=6
else
  echo "(WAYPOINT_TEST_DATABASE_URL is not set: skipping the PostgreSQL run)"
fi

step "OpenAPI document is current"
cargo run -q -p waypoint -- openapi | cmp -s - openapi.json || {
  echo "openapi.json differs from what the code generates: run 'cargo run -q -p waypoint -- openapi > openapi.json'" >&2
  exit 1
}

step "API fuzzing (schemathesis against the real binary)"
./scripts/fuzz.sh

step "Web checks (run in the background since the PostgreSQL suite)"
web_status=0
wait "$web_pid" || web_status=$?
web_pid=""
cat "$web_log"
if [ "$web_status" -ne 0 ]; then
  echo "The web checks failed (exit $web_status): see above" >&2
  exit "$web_status"
fi

step "End-to-end tests"
./scripts/e2e.sh
