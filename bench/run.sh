#!/usr/bin/env bash
# Load benchmark of the public read endpoints.
#
#   bench/run.sh                 # 100 thousand users on a fresh SQLite file
#   SCALE=1000 bench/run.sh      # a million users
#   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/waypoint_bench bench/run.sh
#   WAYPOINT_BIN=/path/to/waypoint bench/run.sh   # measure that binary instead of building
#   SEEDED_DB=/tmp/bench-100.db bench/run.sh  # SQLite: seed once into that file, copy it on later runs
#   BENCH_DATABASE_URL=… BENCH_SKIP_SEED=1 bench/run.sh  # PostgreSQL seeded by an earlier run: migrate, don't seed
#   ONLY=circles bench/run.sh    # only the endpoints whose path contains "circles" (and /healthz)
#
# Seeds `waypoint seed --scale $SCALE` into a fresh database, starts the release binary,
# drives each endpoint with wrk (Debian's package) and prints requests/s, p50 and p99
# latency, and the server's peak resident memory.
set -euo pipefail
cd "$(dirname "$0")/.."

SCALE="${SCALE:-100}"
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-2}"
PORT="${PORT:-18181}"

if ! command -v wrk >/dev/null 2>&1; then
  echo "==> Installing wrk"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; fi
fi

if [ -n "${WAYPOINT_BIN:-}" ]; then
  bin="$WAYPOINT_BIN"
else
  echo "==> Building the release binary"
  cargo build -q --release -p waypoint
  bin=./target/release/waypoint
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ -n "${BENCH_DATABASE_URL:-}" ]; then
  db_url="$BENCH_DATABASE_URL"
  echo "==> Using $db_url (it should be an empty database, or seeded with BENCH_SKIP_SEED=1)"
else
  db_url="sqlite://$work/bench.db"
fi
export DATABASE_URL="$db_url" WAYPOINT_DATA_DIR="$work" RUST_LOG=warn

if [ -z "${BENCH_DATABASE_URL:-}" ] && [ -n "${SEEDED_DB:-}" ] && [ -f "$SEEDED_DB" ]; then
  echo "==> Copying the seeded database $SEEDED_DB"
  cp "$SEEDED_DB" "$work/bench.db"
  "$bin" migrate >/dev/null
elif [ -n "${BENCH_DATABASE_URL:-}" ] && [ -n "${BENCH_SKIP_SEED:-}" ]; then
  echo "==> Keeping the seeded data of $db_url (migrating it)"
  "$bin" migrate >/dev/null
else
  echo "==> Seeding ${SCALE} thousand users"
  start=$(date +%s)
  "$bin" seed --demo >/dev/null
  "$bin" seed --scale "$SCALE"
  echo "    seeded in $(( $(date +%s) - start ))s"
  if [ -z "${BENCH_DATABASE_URL:-}" ] && [ -n "${SEEDED_DB:-}" ]; then
    "$bin" migrate >/dev/null
    sqlite3 "$work/bench.db" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null 2>&1 || true
    cp "$work/bench.db" "$SEEDED_DB"
  fi
fi

# The assistant's hourly limit would turn the measured questions into 429s.
WAYPOINT_AMA_PER_HOUR=100000000 "$bin" serve --addr "127.0.0.1:$PORT" --web-dir "$work/no-web" --dev-mailbox >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break; sleep 0.1; done

# A demo member's session and ids, for the signed-in and profile endpoints.
token=$(curl -fsS -H "Host: localhost" -H "Content-Type: application/json" \
  -d '{"username":"maria@example.com","password":"waypoint-demo"}' "http://127.0.0.1:$PORT/api/v1/token/" |
  sed -E 's/.*"access":"([^"]+)".*/\1/')
# The demo operator (staff) may ask the assistant whatever the plans say.
staff_token=$(curl -fsS -H "Host: localhost" -H "Content-Type: application/json" \
  -d '{"username":"operator@example.com","password":"waypoint-demo"}' "http://127.0.0.1:$PORT/api/v1/token/" |
  sed -E 's/.*"access":"([^"]+)".*/\1/')
cat >"$work/ask.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"question": "Which circles can teach me prompt engineering?"}'
LUA
maria_id=$(curl -fsS -H "Host: localhost" "http://127.0.0.1:$PORT/api/v1/users/profile/maria-lopez/" |
  sed -E 's/^\{"data":\{"id":([0-9]+).*/\1/')

# An entry starting with "AUTH " is called with maria's access token; "ASK " posts a
# question to it with the operator's (ask.lua).
endpoints=(
  "/healthz"
  "/api/v1/app-config-group/"
  "/api/v1/options-config/"
  "/api/v1/topics/?page_size=40"
  "/api/v1/topics/?topic_type=skill&search=data"
  "/api/v1/topics/?page=5&page_size=20"
  "/api/v1/topic-areas/"
  "/api/v1/auth-config/"
  "/api/v1/users/profile/maria-lopez/"
  "/api/v1/career-entries/?user=$maria_id&type=work"
  "/api/v1/connections/user/$maria_id/"
  "AUTH /api/v1/identity/"
  "/api/v1/circles/"
  "/api/v1/circles/?page=50"
  "/api/v1/circles/?circle_status=2"
  "/api/v1/circles/?circle_status=2&page=3"
  "/api/v1/circles/?circle_status=4&circle_status_priority=true"
  "/api/v1/circles/?circle_status_priority=true"
  "/api/v1/circles/?circle_status=2&learning_modality=online"
  "/api/v1/circles/?countries=KE&page=3"
  "/api/v1/circles/?page_size=50"
  "/api/v1/events/"
  "/api/v1/events/?circle_status=1"
  "/api/v1/events/?learning_modality=in_person&page=2"
  "AUTH /api/v1/circles/"
  "AUTH /api/v1/events/?circle_status=2"
  "/api/v1/jobs/"
  "/api/v1/jobs/?page=40"
  "/api/v1/jobs/?search=data"
  "/api/v1/jobs/?job_type=full_time&job_location=remote&countries=Kenya"
  "/api/v1/jobs/?career_stages=2&page=3"
  "/api/v1/jobs/slug/scale-job-1/"
  "AUTH /api/v1/jobs/"
  "AUTH /api/v1/jobs/?applied=true"
  "/api/v1/ai-tools/"
  "/api/v1/ai-tools/?page=20"
  "/api/v1/ai-tools/?categories=coding"
  "/api/v1/ai-tools/?search=data"
  "AUTH /api/v1/ai-tools/"
  "/api/v1/use-cases/"
  "/api/v1/use-cases/?job_function=3&business_value=high"
  "AUTH /api/v1/use-cases/?page=5"
  "/api/v1/contents/?types=resource&status=approved"
  "/api/v1/contents/?types=resource&status=approved&publish_to_khub=true&search=cloud"
  "/api/v1/contents/?types=resource&status=approved&publish_to_khub=true&countries=Kenya&page=3"
  "/api/v1/contents/?types=prompt&status=approved"
  "AUTH /api/v1/contents/?types=resource&status=approved"
  "/api/v1/all-career-tips/"
  "/api/v1/influencers/"
  "/api/v1/subscription-plans/"
  "AUTH /api/v1/my-items/"
  "AUTH /api/v1/my-favourites/"
  "/api/v1/search/?type=user&search=ana"
  "AUTH /api/v1/search/?search=data"
  "AUTH /api/v1/recommended-entities/"
  "AUTH /api/v1/recommended-entities/?entity_type=user"
  "AUTH /api/v1/job-recommendations/"
  "AUTH /api/v1/notification/"
  "AUTH /api/v1/room/"
  "ASK /api/v1/ask-me-anything/"
)

printf '\n%-64s %12s %10s %10s\n' "endpoint" "requests/s" "p50" "p99"
for entry in "${endpoints[@]}"; do
  if [ -n "${ONLY:-}" ] && [[ "$entry" != *"$ONLY"* && "$entry" != "/healthz" ]]; then continue; fi
  auth=()
  path="$entry"
  if [[ "$entry" == AUTH\ * ]]; then
    path="${entry#AUTH }"
    auth=(-H "Authorization: Bearer $token")
  elif [[ "$entry" == ASK\ * ]]; then
    path="${entry#ASK }"
    auth=(-H "Authorization: Bearer $staff_token" -s "$work/ask.lua")
  fi
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "Host: localhost" "${auth[@]}" "http://127.0.0.1:$PORT$path")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  printf '%-64s %12s %10s %10s%s\n' "$entry" "$rps" "$p50" "$p99" "${errors:+  (non-2xx: $errors)}"
done

peak_kb=$(awk '/VmHWM/ {print $2}' "/proc/$server_pid/status")
printf '\nPeak resident memory of the server: %s MiB\n' "$(( peak_kb / 1024 ))"
echo "Machine: $(nproc) cores; scale ${SCALE}k users; wrk ${THREADS} threads, ${CONNECTIONS} connections, ${DURATION} per endpoint"
