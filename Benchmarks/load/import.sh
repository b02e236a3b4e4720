#!/usr/bin/env bash
# Other accounts' check-ins while large imports run: one account after another imports a Loop
# export of 50 habits x 10 years (a zip made here) for the whole run, while wrk sends check-ins
# for another account at 16 connections. Prints each import's time and the check-ins' latency.
# Usage: [HABIT=build/habit] [LOAD_DURATION=30s] Benchmarks/load/import.sh [postgres://…]
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${LOAD_DURATION:-30s}
habits=${LOOP_HABITS:-50}
days=${LOOP_DAYS:-3650}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
if [ -n "${HABIT:-}" ]; then
  habit=$HABIT
else
  swift build -c release --product habit >/dev/null
  habit=$(swift build -c release --show-bin-path)/habit
fi
data=$(mktemp -d)
port=${LOAD_PORT:-18283}
args=(serve --port "$port" --data-dir "$data" --log-level error --password-cost 4)
label=sqlite
if [ $# -gt 0 ]; then args+=(--database-url "$1"); label=postgres; fi
"$habit" "${args[@]}" &
server=$!
importer=
trap 'kill $importer $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fsS "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
register() {
  curl -fsS -X POST "$base/api/v1/accounts" -H 'content-type: application/json' \
    -d "{\"email\":\"$1-$(date +%s%N)@example.com\",\"password\":\"load test password\"}" | json '["token"]'
}

# The export, as Loop writes it: Habits.csv and the wide Checkmarks.csv, newest day first.
python3 - "$data/loop.zip" "$habits" "$days" <<'PY'
import datetime, io, sys, zipfile
path, habits, days = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
codes = ["YES_MANUAL", "NO", "YES_AUTO", "YES_MANUAL", "SKIP", "YES_MANUAL", "UNKNOWN"]
listing = io.StringIO()
listing.write("Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n")
for n in range(1, habits + 1):
    listing.write(f"{n:03d},Habit {n},YES_NO,,,1,1,#FF8F00,,,,false\n")
wide = io.StringIO()
wide.write("Date," + ",".join(f"Habit {n}" for n in range(1, habits + 1)) + ",\n")
today = datetime.date.today()
for back in range(days):
    day = today - datetime.timedelta(days=back)
    wide.write(day.isoformat() + "," + ",".join(codes[(back + n) % 7] for n in range(1, habits + 1)) + ",\n")
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("Habits.csv", listing.getvalue())
    archive.writestr("Checkmarks.csv", wide.getvalue())
PY
echo "== $label: $(stat -c %s "$data/loop.zip") bytes, $habits habits x $days days per import"

token=$(register load)
start=$(date -u -d '3000 days ago' +%Y-%m-%d)
count=$(curl -fsS -X POST "$base/api/v1/habits" -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"title\":\"Water\",\"category\":\"health\",\"start\":\"$start\",\"measure\":{\"type\":\"count\",\"step\":1,\"target\":8}}" | json '["habit"]["id"]')

# Imports, one account after another, until wrk is done.
(
  while true; do
    account=$(register importer)
    began=$(date +%s.%N)
    status=$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$base/api/v1/import" \
      -H "authorization: Bearer $account" -H 'content-type: application/octet-stream' \
      --data-binary "@$data/loop.zip")
    echo "import: HTTP $status in $(python3 -c "print(round($(date +%s.%N) - $began, 2))") s"
  done
) &
importer=$!
sleep 1
echo "== $label: check-ins of another account (16 connections) while the imports run"
wrk --latency -t2 -c16 -d"$duration" -s Benchmarks/load/checkin.lua "$base" -- "$count" "$token" |
  grep -E "Requests/sec|Latency|50%|90%|99%|requests in|Non-2xx|Socket errors"
kill $importer 2>/dev/null || true
wait $importer 2>/dev/null || true
