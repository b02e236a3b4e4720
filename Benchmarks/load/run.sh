#!/usr/bin/env bash
# Load test of a release `habit serve` on loopback with wrk (Debian's package): check-ins at 64
# connections, today's list, and batched sync. Prints requests/s and latency percentiles.
# Usage: [HABIT=build/habit] Benchmarks/load/run.sh [postgres://…]   (SQLite in a temporary folder by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/load/serve.sh
duration=${LOAD_DURATION:-10s}
port=${LOAD_PORT:-18282}
load_wrk
# HABIT=/path/to/habit measures another build (an older one, back to back with this one).
load_build
load_serve "${1:-}"

token=$(load_register load)
count=$(load_count_habit "$token")
start=$(date -u -d '3000 days ago' +%Y-%m-%d)
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
