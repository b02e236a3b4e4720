#!/usr/bin/env bash
# Other accounts' check-ins while large imports run: one account after another imports an upload
# for the whole run, while wrk sends check-ins for another account at 16 connections. Prints each
# import's time and HTTP status and the check-ins' rate and latency.
# The upload (LOAD_UPLOAD): loop (default), a Loop export of LOOP_HABITS (50) habits x LOOP_DAYS
# (3,650) days, zipped; journal, a HabitFlow backup of journal habits with a note of 420-497
# characters on every day for ten years, just under the 100 MB upload limit; or a file's path.
# Usage: [HABIT=build/habit] [LOAD_DURATION=30s] [LOAD_UPLOAD=loop|journal|file]
#        Benchmarks/load/import.sh [postgres://…]
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/load/serve.sh
duration=${LOAD_DURATION:-30s}
habits=${LOOP_HABITS:-50}
days=${LOOP_DAYS:-3650}
upload=${LOAD_UPLOAD:-loop}
port=${LOAD_PORT:-18283}
load_wrk
load_build
load_serve "${1:-}"

case $upload in
loop)
  # The export, as Loop writes it: Habits.csv and the wide Checkmarks.csv, newest day first.
  file=$data/loop.zip
  python3 - "$file" "$habits" "$days" <<'PY'
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
  shape="$habits habits x $days days (Loop zip)"
  ;;
journal)
  # docs/backup-format.md's layout; as Tests/HabitServerTests/JournalBackupFixture.swift makes it.
  file=$data/journal.json
  python3 - "$file" <<'PY'
import datetime, sys
path, limit, per_habit = sys.argv[1], 100_000_000 - 1_000, 3650
paragraph = ("Up at six, a cold walk along the river before work, then wrote three pages about the week"
  " and what I want from the next one. Lunch outside with Sam; we talked about the move and"
  " the garden. Read forty pages in the evening, slept by eleven. Felt calmer than yesterday,"
  " though the knee still aches after the stairs. Tomorrow: call the plumber, finish the"
  " report, swim before dinner and keep the phone in the other room after nine o'clock at"
  " night, as agreed. Bought bread and eggs on the way home; the neighbour's cat followed"
  " me to the door.")
notes = [paragraph[: 420 + 11 * i].rstrip() for i in range(8)]
today = datetime.date.today()
start = today - datetime.timedelta(days=per_habit - 1)
habits, size, number = [], 400, 0
while size <= limit:
    number += 1
    header = ('{"id":"journal-%03d","kind":"habit","title":"Journal %03d","description":"A line or two about the day.",'
      '"category":"journal","schedule":"everyDay","measure":"done","direction":"build","start":"%s","goal":"forever",'
      '"emoji":"\U0001F4D3","color":"#FD4C49","timeOfDay":"evening","pinned":false,"archived":false,"order":%d,'
      '"reminders":"days=127","entries":[\n') % (number, number, start.isoformat(), number)
    size += len(header.encode()) + 64
    entries = []
    for back in range(per_habit):
        entry = '{"day":"%s","value":1000,"note":"%s"}\n' % ((today - datetime.timedelta(days=back)).isoformat(), notes[(number * 3 + back) % 8])
        size += len(entry) + 1
        if size > limit:
            break
        entries.append(entry)
    habits.append(header + ",".join(reversed(entries)) + "]}\n")
with open(path, "w") as out:
    out.write('{"format":"habitflow-backup","version":1,"exportedAt":"2026-11-01T08:00:00Z","settings":{},'
      '"categories":[{"id":"journal","name":"Journal","order":0}],"places":[],"habits":[\n')
    out.write(",".join(habits) + "]}\n")
PY
  shape="a HabitFlow backup of journal habits, a note on every day"
  ;;
*)
  file=$upload
  shape="$file"
  ;;
esac
echo "== $label: $(stat -c %s "$file") bytes, $shape per import"

token=$(load_register load)
count=$(load_count_habit "$token")

# Imports, one account after another, until wrk is done; the one under way then finishes (its
# status is printed, and the server is not stopped under it).
stop=$data/stop
(
  while [ ! -e "$stop" ]; do
    account=$(load_register importer)
    began=$(date +%s.%N)
    status=$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$base/api/v1/import" \
      -H "authorization: Bearer $account" -H 'content-type: application/octet-stream' \
      --data-binary "@$file")
    echo "import: HTTP $status in $(python3 -c "print(round($(date +%s.%N) - $began, 2))") s"
  done
) &
load_children=$!
sleep 1
echo "== $label: check-ins of another account (16 connections) while the imports run"
wrk --latency -t2 -c16 -d"$duration" -s Benchmarks/load/checkin.lua "$base" -- "$count" "$token" |
  grep -E "Requests/sec|Latency|50%|90%|99%|requests in|Non-2xx|Socket errors"
touch "$stop"
wait $load_children 2>/dev/null || true
