#!/usr/bin/env bash
# `habit today` with 100 habits × 5 years of history, measured with hyperfine against the
# release build, then one write on that replica (`habit done` and `habit undo`, each prepared
# by the other so every run changes something; budget 100 ms). The data goes in through the
# store: a Loop export made by make_loop_export.py is imported with `habit import` (the same code
# path as any import), never written as SQL.
# With HABIT_BEFORE=/path/to/an/older/habit, that build is timed too, back to back in the same
# hyperfine runs, on its own copy of the replica (each build keeps its own snapshot format).
# Usage: [HABIT_BEFORE=…] Benchmarks/cli/run.sh [runs] [write runs]
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product habit
habit="$(swift build -c release --show-bin-path)/habit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/cli/make_loop_export.py "$work/loop.zip" 100 5 "$(date +%F)"
"$habit" import "$work/loop.zip" --yes --data-dir "$work/data"
builds=("$habit=$work/data")
if [ -n "${HABIT_BEFORE:-}" ]; then
  "$HABIT_BEFORE" import "$work/loop.zip" --yes --data-dir "$work/before"
  builds=("$HABIT_BEFORE=$work/before" "${builds[@]}")
fi
runs=${1:-100}
write_runs=${2:-10}
reads=()
dones=()
undos=()
for build in "${builds[@]}"; do
  binary=${build%%=*}
  data=${build#*=}
  reads+=("$binary today --data-dir $data" "$binary today --json --data-dir $data")
  dones+=(--prepare "$binary undo 'Habit 1' --data-dir $data" "$binary done 'Habit 1' --data-dir $data")
  undos+=(--prepare "$binary done 'Habit 1' --data-dir $data" "$binary undo 'Habit 1' --data-dir $data")
done
hyperfine -N --warmup 5 --runs "$runs" "${reads[@]}" "$habit --help"
hyperfine -N --warmup 1 --runs "$write_runs" "${dones[@]}"
hyperfine -N --warmup 1 --runs "$write_runs" "${undos[@]}"
