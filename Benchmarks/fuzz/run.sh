#!/usr/bin/env bash
# The long fuzz run: every libFuzzer target of scripts/fuzz.sh for 10 minutes (or SECONDS) each,
# one after another, then a table of runs, runs per second, corpus size, crashes and leaks per
# target. Exits non-zero if any target crashed, trapped, leaked, timed out or ran out of memory.
#
#   Benchmarks/fuzz/run.sh [SECONDS]
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
seconds="${1:-600}"
output="$(mktemp)"
trap 'rm -f "$output"' EXIT
"$root/scripts/fuzz.sh" "$seconds" | tee "$output"
status=${PIPESTATUS[0]}
echo
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)"
echo "| target | seconds | runs | runs/s | corpus | crashes | leaks |"
echo "|---|---|---|---|---|---|---|"
sed -n 's/^fuzz: \([A-Za-z]*\) ok: \([0-9]*\) runs, \([0-9]*\)\/s, corpus \([0-9]*\) inputs.*/| \1 | '"$seconds"' | \2 | \3 | \4 | 0 | 0 |/p' "$output"
grep "FAILED" "$output" | sed 's/^fuzz: \([A-Za-z]*\) FAILED.*/| \1 | '"$seconds"' | | | | FAILED | |/'
exit "$status"
