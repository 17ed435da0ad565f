#!/usr/bin/env bash
# Socket benchmark (issue 16): idle sockets held by one instance, and chat fan-out latency.
#
#   bench/sockets.sh                      # 10,000 idle sockets; 1,000 sockets in 100 rooms
#   IDLE=2000 ROUNDS=10 bench/sockets.sh  # smaller
#   SPREAD=0 bench/sockets.sh             # each round's 100 sends at once (a burst)
#   WAYPOINT_BIN=/path/to/waypoint bench/sockets.sh   # measure that binary instead of building
#
# Seeds 1,000 users (`waypoint seed --scale 1`) into a fresh SQLite file, makes 100
# one-to-one rooms of 200 of them, starts the release binary on 127.0.0.1 and runs the
# bench client (bench/socket-bench, Rust): it prints the server's resident memory with the
# idle sockets open, and the send-to-receive p50/p99 of messages sent over the sockets.
# Every socket is a file descriptor on both ends: the script raises `ulimit -n` to the hard
# limit (it needs IDLE + a few hundred) and stops if that is not enough.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-18182}"
IDLE="${IDLE:-10000}"
ROOMS="${ROOMS:-100}"
export IDLE ROOMS SPREAD="${SPREAD:-1}" TABS="${TABS:-5}" ROUNDS="${ROUNDS:-20}" ROUND_MS="${ROUND_MS:-200}" HOLD_SECS="${HOLD_SECS:-5}"

hard="$(ulimit -Hn)"
if [ "$hard" = unlimited ] || [ "$hard" -gt 1048576 ]; then hard=1048576; fi
ulimit -n "$hard" 2>/dev/null || true
need=$((IDLE + 500))
echo "==> file descriptors: ulimit -n $(ulimit -n) (need at least $need)"
if [ "$(ulimit -n)" -lt "$need" ]; then
  echo "The descriptor limit is too low for $IDLE sockets: raise the hard limit or set IDLE lower." >&2
  exit 1
fi

if [ -n "${WAYPOINT_BIN:-}" ]; then
  bin="$WAYPOINT_BIN"
else
  echo "==> Building the release binary"
  cargo build -q --release -p waypoint
  bin=./target/release/waypoint
fi
echo "==> Building the bench client"
CARGO_TARGET_DIR="$PWD/target" cargo build -q --release --manifest-path bench/socket-bench/Cargo.toml
client="$PWD/target/release/socket-bench"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

export WAYPOINT_DATA_DIR="$work" DATABASE_URL="sqlite://$work/bench.db"
WAYPOINT_JWT_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export WAYPOINT_JWT_SECRET
echo "==> Seeding 1,000 users"
"$bin" seed --scale 1 >/dev/null
db="$work/bench.db"
tenant="$(sqlite3 "$db" "SELECT id FROM tenants WHERE is_default = 1 LIMIT 1")"
sqlite3 "$db" "SELECT id FROM users WHERE is_active = 1 ORDER BY id LIMIT 1000" >"$work/users.txt"
# Rooms of consecutive pairs of the first 2×ROOMS users; timestamps in the stored format.
stamp="$(sqlite3 "$db" "SELECT created_at FROM users ORDER BY id LIMIT 1")"
sqlite3 "$db" <<SQL
CREATE TEMP TABLE pairs AS
  SELECT a.id AS a, (SELECT min(id) FROM users b WHERE b.id > a.id AND b.is_active = 1) AS b
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE is_active = 1) a
  WHERE a.n % 2 = 1 LIMIT $ROOMS;
INSERT INTO chat_rooms (tenant_id, room_type, pair_key, created_at, last_message_at)
  SELECT $tenant, 'ONE_TO_ONE', a || ':' || b, '$stamp', '$stamp' FROM pairs;
INSERT INTO chat_room_members (room_id, user_id, tenant_id, last_read_message_id, last_message_at, created_at)
  SELECT r.id, p.a, $tenant, 0, '$stamp', '$stamp' FROM pairs p JOIN chat_rooms r ON r.pair_key = p.a || ':' || p.b
  UNION ALL
  SELECT r.id, p.b, $tenant, 0, '$stamp', '$stamp' FROM pairs p JOIN chat_rooms r ON r.pair_key = p.a || ':' || p.b;
SQL
sqlite3 "$db" "SELECT r.id, min(m.user_id), max(m.user_id) FROM chat_rooms r JOIN chat_room_members m ON m.room_id = r.id GROUP BY r.id" \
  | tr '|' ' ' >"$work/rooms.txt"

echo "==> Starting the server on 127.0.0.1:$PORT"
RUST_LOG=warn "$bin" serve --addr "127.0.0.1:$PORT" --web-dir /nonexistent >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null || { cat "$work/server.log"; exit 1; }

WAYPOINT_URL="http://127.0.0.1:$PORT" USERS_FILE="$work/users.txt" ROOMS_FILE="$work/rooms.txt" SERVER_PID="$server_pid" \
  timeout 600 "$client"
