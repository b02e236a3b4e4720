#!/usr/bin/env bash
# `habit today` with 100 habits × 5 years of history, measured with hyperfine against the
# release build, then one write on that replica (`habit done` and `habit undo`, each prepared
# by the other so every run changes something; budget 100 ms). The data goes in through the store: a Loop export made by make_loop_export.py
# is imported with `habit import` (the same code path as any import), never written as SQL.
# Usage: Benchmarks/cli/run.sh [runs] [write runs]
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product habit
habit="$(swift build -c release --show-bin-path)/habit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/cli/make_loop_export.py "$work/loop.zip" 100 5 "$(date +%F)"
"$habit" import "$work/loop.zip" --yes --data-dir "$work/data"
runs=${1:-100}
hyperfine -N --warmup 5 --runs "$runs" \
  "$habit today --data-dir $work/data" \
  "$habit today --json --data-dir $work/data" \
  "$habit --help"
write_runs=${2:-10}
hyperfine -N --warmup 1 --runs "$write_runs" \
  --prepare "$habit undo 'Habit 1' --data-dir $work/data" \
  "$habit done 'Habit 1' --data-dir $work/data"
hyperfine -N --warmup 1 --runs "$write_runs" \
  --prepare "$habit done 'Habit 1' --data-dir $work/data" \
  "$habit undo 'Habit 1' --data-dir $work/data"
