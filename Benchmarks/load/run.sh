#!/usr/bin/env bash
# Load test of a release `habit serve` on loopback with wrk (Debian's package): check-ins at 64
# connections, today's list, and batched sync. Prints requests/s and latency percentiles.
# Usage: [HABIT=build/habit] Benchmarks/load/run.sh [postgres://…]   (SQLite in a temporary folder by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${LOAD_DURATION:-10s}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
# HABIT=/path/to/habit measures another build (an older one, back to back with this one).
if [ -n "${HABIT:-}" ]; then
  habit=$HABIT
else
  swift build -c release --product habit >/dev/null
  habit=$(swift build -c release --show-bin-path)/habit
fi
data=$(mktemp -d)
port=${LOAD_PORT:-18282}
args=(serve --port "$port" --data-dir "$data" --log-level error --password-cost 4)
label=sqlite
if [ $# -gt 0 ]; then args+=(--database-url "$1"); label=postgres; fi
"$habit" "${args[@]}" &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fsS "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
email="load-$(date +%s%N)@example.com"
token=$(curl -fsS -X POST "$base/api/v1/accounts" -H 'content-type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"load test password\"}" | json '["token"]')
start=$(date -u -d '3000 days ago' +%Y-%m-%d)
count=$(curl -fsS -X POST "$base/api/v1/habits" -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"title\":\"Water\",\"category\":\"health\",\"start\":\"$start\",\"measure\":{\"type\":\"count\",\"step\":1,\"target\":8}}" | json '["habit"]["id"]')
for i in $(seq 1 19); do
  curl -fsS -X POST "$base/api/v1/habits" -H "authorization: Bearer $token" -H 'content-type: application/json' \
    -d "{\"title\":\"Habit $i\",\"category\":\"health\",\"start\":\"$start\"}" >/dev/null
done

run() {
  local name=$1; shift
  echo "== $label: $name"
  wrk --latency -t${LOAD_THREADS:-2} -c64 -d"$duration" "$@" | grep -E "Requests/sec|Latency|50%|90%|99%|requests in|Non-2xx|Socket errors"
}
run "check-in (one per request, 64 connections)" -s Benchmarks/load/checkin.lua "$base" -- "$count" "$token"
run "today's list (20 habits)" -s Benchmarks/load/today.lua "$base" -- "$token"
run "batched sync (100 changes per request)" -s Benchmarks/load/sync.lua "$base" -- "$token" "$count"
