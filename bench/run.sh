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
#   ONLY='recommend|ask' bench/run.sh  # those containing either
#   SKIP='WRITE|STAFF' bench/run.sh  # all but the endpoints containing either
#   ONLY=BUSY bench/run.sh       # guest lists read while members post (every post is a write)
#   WAYPOINT_EMBEDDING_PROVIDER=off bench/run.sh  # without the sentence-embedding model
#   MEMBERS=2000 bench/run.sh    # how many distinct members the "MANY " rows rotate through (default 20,000:
#                                # below 2,000 req/s a 10 s row meets each once, uncached)
#   METRICS=1 bench/run.sh       # with /metrics on (WAYPOINT_METRICS_ADDR, port PORT+1): requests
#                                # are timed, and the scrape's time is printed at the end
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
# A known signing secret, so that the "MANY " rows can sign in thousands of members at once.
export WAYPOINT_JWT_SECRET="${WAYPOINT_JWT_SECRET:-bench-only-signing-secret-$(date +%s%N)}"
# The matching engine's model (scripts/fetch-model.sh), when it has been fetched.
model_dir="${WAYPOINT_EMBEDDING_MODEL_DIR:-$PWD/data/models/all-MiniLM-L6-v2}"
if [ -f "$model_dir/model.safetensors" ]; then export WAYPOINT_EMBEDDING_MODEL_DIR="$model_dir"; fi

if [ -z "${BENCH_DATABASE_URL:-}" ] && [ -n "${SEEDED_DB:-}" ] && [ -f "$SEEDED_DB" ]; then
  echo "==> Copying the seeded database $SEEDED_DB"
  cp "$SEEDED_DB" "$work/bench.db"
  # The copy's dirty pages would otherwise be written back while the first rows run (a
  # million members' file is 3 GB).
  sync
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
if [ "${METRICS:-0}" = 1 ]; then export WAYPOINT_METRICS_ADDR="127.0.0.1:$((PORT + 1))"; fi
WAYPOINT_AMA_PER_HOUR=100000000 "$bin" serve --addr "127.0.0.1:$PORT" --web-dir "$work/no-web" --dev-mailbox >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break; sleep 0.1; done

# SQL against the bench database (sqlite3 or psql). sqlite3 waits for the server's writers
# (the matching worker's first pass holds the lock often) instead of failing the run.
sql() {
  if [ -n "${BENCH_DATABASE_URL:-}" ]; then
    psql "$db_url" -Atc "$1"
  else
    sqlite3 -cmd '.timeout 10000' "$work/bench.db" "$1"
  fi
}

# The matching engine's worker writes every item's and member's vector after the seed: wait
# for its queue to empty, and say how long that took.
if [ "${WAYPOINT_EMBEDDING_PROVIDER:-local}" != "off" ]; then
  start=$(date +%s)
  while :; do
    pending=$(sql "SELECT COUNT(*) FROM match_pending" 2>/dev/null || echo "?")
    [ "$pending" = "0" ] && break
    sleep 2
  done
  echo "==> Matching vectors written in $(( $(date +%s) - start ))s after the server started" \
    "($(sql "SELECT COUNT(*) FROM match_items") items, $(sql "SELECT COUNT(*) FROM match_embeddings") distinct texts)"
fi
# PostgreSQL plans from statistics that autovacuum keeps, and these machines' server runs with
# autovacuum off: without them a lookup of a few items by key filtered a whole kind's rows
# (the every-kind row's item reads took 60 ms instead of 1). Gather them as autovacuum would.
if [ -n "${BENCH_DATABASE_URL:-}" ]; then sql "ANALYZE" >/dev/null; fi

# Many distinct members' access tokens (signed with the bench's secret), one per request in
# turn: recommendations are kept per member, so these rows measure them uncached (each member
# once, below 2,000 requests/s over 10 s).
members="${MEMBERS:-20000}"
sql "SELECT id FROM users WHERE email LIKE '%@scale.example.com' ORDER BY id LIMIT $members" >"$work/member-ids"
python3 - "$work/member-ids" "$work/many.lua" <<'PY'
import base64, hashlib, hmac, json, os, sys, time
secret = os.environ["WAYPOINT_JWT_SECRET"].encode()
b64 = lambda raw: base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
now = int(time.time())
tokens = []
for line in open(sys.argv[1]):
    if line.strip():
        head = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
        body = b64(json.dumps({"sub": line.strip(), "iat": now, "exp": now + 3600, "typ": "access"}).encode())
        sig = b64(hmac.new(secret, f"{head}.{body}".encode(), hashlib.sha256).digest())
        tokens.append(f"{head}.{body}.{sig}")
with open(sys.argv[2], "w") as out:
    out.write("local tokens = {" + ",".join(f'"{t}"' for t in tokens) + "}\n")
    out.write("local n = 0\n")
    out.write("function setup(thread) thread:set('offset', math.random(#tokens)) end\n")
    out.write("request = function()\n  n = n + 1\n")
    out.write("  local t = tokens[((offset or 0) + n) % #tokens + 1]\n")
    out.write("  return wrk.format(nil, nil, {['Authorization'] = 'Bearer ' .. t})\nend\n")
PY

# Writers: distinct accepted members of the demo site's organization, each with a resume so
# that they may apply to jobs. A "WRITE " row (write_script) goes through them in turn, the
# wrk threads taking alternate members, so that no one applies to the same job twice.
org_id=$(sql "SELECT g.id FROM groups g JOIN tenants t ON t.id = g.tenant_id WHERE t.domain = 'localhost' AND g.is_tenant_root")
writers_query="SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id AND m.group_id = $org_id AND m.status = 'accepted' WHERE u.email LIKE '%@scale.example.com' ORDER BY u.id LIMIT ${WRITERS:-20000}"
sql "$writers_query" >"$work/writer-ids"
sql "UPDATE profiles SET resume = '/media/resumes/bench.pdf' WHERE user_id IN ($writers_query)" >/dev/null
tool_id=$(sql "SELECT a.id FROM ai_tools a JOIN tenants t ON t.id = a.tenant_id WHERE t.domain = 'localhost' AND a.status = 'approved' ORDER BY a.id LIMIT 1")
# Published jobs of the site without questions of their own, open today (a pass through the
# writers applies to the first, the next pass to the second, …).
job_ids=$(sql "SELECT jp.id FROM job_posts jp JOIN tenants t ON t.id = jp.tenant_id WHERE t.domain = 'localhost' AND jp.job_status = 'approved' AND CAST(jp.extra_info AS TEXT) NOT LIKE '%required%' AND jp.application_open_date <= CURRENT_DATE AND jp.application_close_date >= CURRENT_DATE ORDER BY jp.id LIMIT 20" | paste -sd, -)
# write_script NAME PATH_TEMPLATE BODY: a wrk script posting BODY to the path as the writers in
# turn; "{job}" in the path is the job of the writers' current pass.
write_script() {
  python3 - "$work/writer-ids" "$work/$1.lua" "$2" "$3" "$THREADS" "$job_ids" <<'PY'
import base64, hashlib, hmac, json, os, sys, time
ids, out_path, path, body, threads, jobs = sys.argv[1:7]
secret = os.environ["WAYPOINT_JWT_SECRET"].encode()
b64 = lambda raw: base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
now = int(time.time())
tokens = []
for line in open(ids):
    if line.strip():
        head = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
        claims = b64(json.dumps({"sub": line.strip(), "iat": now, "exp": now + 3600, "typ": "access"}).encode())
        sig = b64(hmac.new(secret, f"{head}.{claims}".encode(), hashlib.sha256).digest())
        tokens.append(f"{head}.{claims}.{sig}")
with open(out_path, "w") as out:
    out.write("local tokens = {" + ",".join(f'"{t}"' for t in tokens) + "}\n")
    out.write("local jobs = {" + (jobs or "0") + "}\n")
    out.write(f"local threads = {int(threads)}\n")
    out.write("local made = 0\n")
    out.write("function setup(thread) thread:set('first', made); made = made + 1 end\n")
    out.write("local n = 0\n")
    out.write("request = function()\n")
    out.write("  local k = (first or 0) + n * threads\n  n = n + 1\n")
    out.write("  local job = jobs[math.floor(k / #tokens) % #jobs + 1]\n")
    out.write("  local headers = {['Authorization'] = 'Bearer ' .. tokens[k % #tokens + 1], ['Content-Type'] = 'application/json'}\n")
    out.write(f"  return wrk.format('POST', string.gsub({json.dumps(path)}, '{{job}}', job), headers, {json.dumps(body)})\nend\n")
PY
}
write_script post "/api/v1/contents/" "{\"content\": \"A note from the bench\", \"group\": $org_id}"
write_script apply "/api/v1/jobs/{job}/apply/" "{}"
write_script vote "/api/v1/vote/" "{\"content_type\": \"aitool\", \"object_id\": $tool_id, \"vote_type\": \"upvote\"}"
write_script bookmark "/api/v1/bookmark/aitool/$tool_id/" ""

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

# A circle of the demo site, for the people recommended to a group.
circle_id=$(sql "SELECT g.id FROM groups g JOIN tenants t ON t.id = g.tenant_id WHERE t.domain = 'localhost' ORDER BY g.id LIMIT 1")

# An entry starting with "AUTH " is called with maria's access token; "STAFF " with the
# operator's; "MANY " with the
# tokens of $MEMBERS distinct members in turn (many.lua); "ASK " posts a question to it with
# the operator's (ask.lua); "WRITE name" runs the writers' script of that name (write_script),
# which posts to the path it was made for.
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
  "MANY /api/v1/recommended-entities/"
  "MANY /api/v1/recommended-entities/?entity_type=user"
  "MANY /api/v1/job-recommendations/"
  "STAFF /api/v1/recommendations/?group_id=$circle_id&entity_type=research_collaboration"
  "AUTH /api/v1/notification/"
  "AUTH /api/v1/room/"
  "ASK /api/v1/ask-me-anything/"
  "STAFF /api/v1/analytics/"
  "STAFF /api/v1/analytics/?weeks=104"
  "STAFF /api/v1/analytics/export/?weeks=52"
  "BUSY /api/v1/jobs/"
  "BUSY /api/v1/circles/"
  "BUSY /api/v1/contents/?types=resource&status=approved"
  "BUSY /api/v1/search/?type=user&search=ana"
  "WRITE post /api/v1/contents/"
  "WRITE apply /api/v1/jobs/{job}/apply/"
  "WRITE vote /api/v1/vote/"
  "WRITE bookmark /api/v1/bookmark/aitool/{id}/"
)

printf '\n%-64s %12s %10s %10s\n' "endpoint" "requests/s" "p50" "p99"
for entry in "${endpoints[@]}"; do
  if [ -n "${ONLY:-}" ] && [ "$entry" != "/healthz" ]; then
    wanted=""
    IFS='|' read -ra only_parts <<<"$ONLY"
    for part in "${only_parts[@]}"; do [[ "$entry" == *"$part"* ]] && wanted=1; done
    [ -z "$wanted" ] && continue
  fi
  if [ -n "${SKIP:-}" ] && [ "$entry" != "/healthz" ]; then
    unwanted=""
    IFS='|' read -ra skip_parts <<<"$SKIP"
    for part in "${skip_parts[@]}"; do [[ "$entry" == *"$part"* ]] && unwanted=1; done
    [ -n "$unwanted" ] && continue
  fi
  auth=()
  path="$entry"
  warm=""
  busy=""
  if [[ "$entry" == AUTH\ * ]]; then
    path="${entry#AUTH }"
    auth=(-H "Authorization: Bearer $token")
    warm=1
  elif [[ "$entry" == STAFF\ * ]]; then
    path="${entry#STAFF }"
    auth=(-H "Authorization: Bearer $staff_token")
    warm=1
  elif [[ "$entry" == MANY\ * ]]; then
    path="${entry#MANY }"
    auth=(-s "$work/many.lua")
  elif [[ "$entry" == WRITE\ * ]]; then
    name="${entry#WRITE }"
    name="${name%% *}"
    path="/"
    auth=(-s "$work/$name.lua")
  elif [[ "$entry" == BUSY\ * ]]; then
    path="${entry#BUSY }"
    busy=1
  elif [[ "$entry" == ASK\ * ]]; then
    path="${entry#ASK }"
    auth=(-H "Authorization: Bearer $staff_token" -s "$work/ask.lua")
  fi
  # One caller asking one thing over and over measures what is kept for them: ask once first,
  # so that the row is not the first (uncached) ranking's stall, which wrk's correction for
  # coordinated omission counts as many slow samples. The MANY rows measure the uncached cost.
  if [ -n "$warm" ]; then curl -fsS -o /dev/null -H "Host: localhost" "${auth[@]}" "http://127.0.0.1:$PORT$path" || true; fi
  # A "BUSY " row reads as a guest while one member after another posts on one more
  # connection: every post moves the site's write generation, so kept pages go stale all the
  # time, as on a busy site.
  if [ -n "$busy" ]; then
    wrk -t1 -c1 -d"$DURATION" -H "Host: localhost" -s "$work/post.lua" "http://127.0.0.1:$PORT/" >"$work/busy.out" &
    busy_pid=$!
  fi
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "Host: localhost" "${auth[@]}" "http://127.0.0.1:$PORT$path")
  if [ -n "$busy" ]; then
    wait "$busy_pid" || true
    entry="$entry (posts/s $(awk '/Requests\/sec/ {printf "%d", $2}' "$work/busy.out"))"
  fi
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  printf '%-64s %12s %10s %10s%s\n' "$entry" "$rps" "$p50" "$p99" "${errors:+  (non-2xx: $errors)}"
done

if [ -n "${WAYPOINT_METRICS_ADDR:-}" ]; then
  scrape=$(for _ in $(seq 1 21); do curl -fsS -o /dev/null -w '%{time_total}\n' "http://$WAYPOINT_METRICS_ADDR/metrics"; done |
    sort -n | awk '{t[NR] = $1} END {printf "median %.1f ms, max %.1f ms", t[int((NR + 1) / 2)] * 1000, t[NR] * 1000}')
  printf '\n/metrics scrape (21 in a row): %s\n' "$scrape"
fi

peak_kb=$(awk '/VmHWM/ {print $2}' "/proc/$server_pid/status")
printf '\nPeak resident memory of the server: %s MiB\n' "$(( peak_kb / 1024 ))"
echo "Machine: $(nproc) cores; scale ${SCALE}k users; wrk ${THREADS} threads, ${CONNECTIONS} connections, ${DURATION} per endpoint"
