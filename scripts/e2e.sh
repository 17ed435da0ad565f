#!/usr/bin/env bash
# Starts the real binary on a fresh demo database and runs the Playwright tests against it
# in the system Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_path="${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser || true)}"
if [ -z "$chromium_path" ]; then
  echo "Chromium is not installed (Debian: apt-get install chromium); .ci/run installs it." >&2
  exit 1
fi
export CHROMIUM_PATH="$chromium_path"

[ -f web/dist/index.html ] || npm --prefix web run -s build
cargo build -q -p waypoint

work="$(mktemp -d)"
port="${WAYPOINT_E2E_PORT:-18080}"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The real proof-of-work bot-check (the default): the sign-up journey solves it in the browser.
# --trust-proxy: journeys that sign up many people give each its own X-Forwarded-For address,
# so the per-address sign-up limit (10 an hour) holds for each as it would for real people.
export WAYPOINT_DATA_DIR="$work" DATABASE_URL="sqlite://$work/e2e.db"
# The matching engine embeds with the model scripts/fetch-model.sh keeps in ./data/models.
export WAYPOINT_EMBEDDING_MODEL_DIR="${WAYPOINT_EMBEDDING_MODEL_DIR:-$PWD/data/models/all-MiniLM-L6-v2}"
./target/debug/waypoint seed --demo >"$work/seed.log"
./target/debug/waypoint serve --addr "127.0.0.1:$port" --web-dir web/dist --dev-mailbox --trust-proxy >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$work/server.log"; exit 1; }

export WAYPOINT_E2E_URL="http://127.0.0.1:$port"
status=0
(cd web && npx playwright test "$@") || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server log ---"; tail -n 50 "$work/server.log"
fi
exit "$status"
