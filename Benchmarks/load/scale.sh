#!/usr/bin/env bash
# Many accounts on one server: seeds <accounts> accounts × 20 habits × a year of history (and 20
# accounts with ten years) through the store, once, into a database kept for later runs; then runs
# a release `habit serve` on it with the account cache at a tenth of the accounts and drives the
# mixed workload (Benchmarks/load/mixed.lua) across random accounts with wrk. Prints requests/s,
# latency percentiles, uncached account load times, and the server's resident memory at rest,
# with a full cache, and under load.
# Usage: [LOAD_DATA=/tmp/habitflow-load] [LOAD_CACHE=accounts] [LOAD_JEMALLOC=path or empty]
#        Benchmarks/load/scale.sh [accounts] [postgres://…]
#   accounts defaults to 10,000; seeding the full size writes about 16 GB on SQLite (12 minutes on
#   a 2-core host) or 18 GB on PostgreSQL (25 minutes); an interrupted seeding resumes where it
#   stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/load/serve.sh
accounts=${1:-10000}
database=${2:-}
duration=${LOAD_DURATION:-30s}
warmup=${LOAD_WARMUP:-10s}
connections=${LOAD_CONNECTIONS:-64}
# Accounts the server keeps cached (HABITFLOW_CACHED_ACCOUNTS): a tenth of them unless set.
cache=${LOAD_CACHE:-$((accounts / 10))}
data=${LOAD_DATA:-/tmp/habitflow-load}
port=${LOAD_PORT:-18283}
load_wrk
# The server runs as docs/running.md's systemd unit runs it, with jemalloc (Debian's libjemalloc2):
# glibc's allocator left freed replicas' memory spread over its per-thread arenas. LOAD_JEMALLOC=
# (empty) measures glibc's allocator instead.
jemalloc=${LOAD_JEMALLOC-/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2}
if [ -n "$jemalloc" ] && [ ! -e "$jemalloc" ]; then
  apt-get install -y -qq libjemalloc2 >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq libjemalloc2; }
  [ -e "$jemalloc" ] || { echo "scale.sh: no $jemalloc after installing libjemalloc2; set LOAD_JEMALLOC" >&2; exit 1; }
fi
load_build habit HabitBenchmarks
if [ -n "${HABIT:-}" ]; then
  bench=${BENCH:?set BENCH to the HabitBenchmarks binary built with HABIT}
else
  bench=$bin/HabitBenchmarks
fi

args=(serve --port "$port" --log-level error --password-cost 4)
if [ -n "$database" ]; then
  label="postgres, $accounts accounts"
  location=$database
  args+=(--database-url "$database" --data-dir "$data")
else
  label="sqlite, $accounts accounts"
  mkdir -p "$data/sqlite-$accounts"
  location=$data/sqlite-$accounts/habitflow.sqlite
  args+=(--data-dir "$data/sqlite-$accounts")
fi
echo "== seeding $label (skipped for accounts already seeded) into $location"
"$bench" seed "$location" "$accounts" 1 20
echo "== uncached account loads, measured in the store (the trusted load, and merging the rows one by one as before)"
"$bench" account-load "$location" "$accounts" 20

rss() { awk '/VmRSS/ { printf "%.0f MiB", $2 / 1024 }' "/proc/$1/status"; }
metric() { curl -fsS "$base/metrics" | awk -v name="$1" '$1 == name { print $2 }'; }
LD_PRELOAD=${jemalloc:-${LD_PRELOAD:-}} HABITFLOW_CACHED_ACCOUNTS=$cache "$habit" "${args[@]}" >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
base="http://127.0.0.1:$port"
load_wait 300
empty=$(awk '/VmRSS/ { print $2 }' "/proc/$server/status")
echo "== server at rest, nothing cached: $(rss $server) resident (allocator: ${jemalloc:-glibc}; load: $(cut -d' ' -f1-3 /proc/loadavg))"

echo "== warm-up: requests for the first $cache accounts until the cache holds them all"
for _ in $(seq 1 30); do
  wrk --timeout 10s -t2 -c"$connections" -d"$warmup" -s Benchmarks/load/mixed.lua "$base" -- $cache >/dev/null
  [ "$(metric habitflow_account_cache_accounts | cut -d. -f1)" -ge $cache ] && break
done
cached=$(metric habitflow_account_cache_accounts)
rest=$(awk '/VmRSS/ { print $2 }' "/proc/$server/status")
echo "== server at rest, $cached accounts cached: $(rss $server) resident"
# One measured run: requests/s and latency, the server's peak memory, and the account loads it did.
# $1 random (every request another account) or session (phones opening the app, see mixed.lua);
# $2 how many accounts (the first ones) requests are drawn from.
measure() {
  local mode=$1 pool=$2
  local loads_before load_sum_before peak
  loads_before=$(metric habitflow_account_load_seconds_count)
  load_sum_before=$(metric habitflow_account_load_seconds_sum)
  ( while kill -0 $server 2>/dev/null; do
      awk '/VmRSS/ { print $2 }' "/proc/$server/status"; sleep 0.5
    done ) > "$data/rss-samples" &
  local sampler=$!
  echo "== mixed workload over $pool accounts, $mode requests, $duration, $connections connections (load before: $(cut -d' ' -f1-3 /proc/loadavg))"
  wrk --latency --timeout 10s -t2 -c"$connections" -d"$duration" -s Benchmarks/load/mixed.lua "$base" -- "$pool" "$mode" |
    grep -E "Requests/sec|Latency|50%|90%|99%|requests in|Non-2xx|Socket errors"
  echo "   (load after: $(cut -d' ' -f1-3 /proc/loadavg))"
  kill $sampler 2>/dev/null || true
  peak=$(sort -n "$data/rss-samples" | tail -1)
  echo "   server under load: peak $((peak / 1024)) MiB resident"
  python3 - "$loads_before" "$load_sum_before" "$(metric habitflow_account_load_seconds_count)" \
    "$(metric habitflow_account_load_seconds_sum)" <<'PY'
import sys
before, sum_before, after, sum_after = map(float, sys.argv[1:])
if after > before:
    print(f"   uncached account loads in the server: {after - before:.0f}, mean {1000 * (sum_after - sum_before) / (after - before):.1f} ms")
PY
}

# Only as many accounts as the cache holds (all cached), every request another random account of
# all (the cache holds a tenth: nine requests in ten load one), and phones opening the app on
# random accounts of all (a session of five to seven requests; one load per session at most).
measure random $cache
measure random "$accounts"
measure session "$accounts"
python3 - "$(metric habitflow_account_cache_hits_total)" "$(metric habitflow_account_cache_misses_total)" \
  "$empty" "$rest" "$cached" <<'PY'
import sys
hits, misses, empty, rest, cached = map(float, sys.argv[1:])
print(f"== cache: {hits:.0f} hits, {misses:.0f} misses since start; about {(rest - empty) / max(cached, 1):.0f} KiB resident per cached account (full cache at rest, less the empty server)")
PY
