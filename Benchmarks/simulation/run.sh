#!/usr/bin/env bash
# The simulator's long run: SEEDS seeds (100,000 by default) in chunks of CHUNK (1,000), each one
# `swift test` of the simulation sweep over its range (SIMULATION_FIRST, SIMULATION_SEEDS). A log
# (SIMULATION_LOG, default .build/simulation-long.log) keeps a line per chunk and per finding, so a
# run stopped part-way (it takes hours) goes on from its next chunk when started again. At the end
# it prints how many seeds ran, in how long, and every finding with the command that replays it.
#
#   Benchmarks/simulation/run.sh [SEEDS] [CHUNK]
set -euo pipefail
cd "$(dirname "$0")/../.."
seeds=${1:-100000}
chunk=${2:-1000}
log=${SIMULATION_LOG:-.build/simulation-long.log}
mkdir -p "$(dirname "$log")"
touch "$log"
if ! flock "${HABITFLOW_BUILD_LOCK:-/tmp/habitflow-build.lock}" swift build --build-tests >/dev/null 2>&1; then
  echo "the tests do not build: run swift build --build-tests to see why" >&2
  exit 1
fi

first=1
while ((first <= seeds)); do
  count=$((seeds - first + 1 < chunk ? seeds - first + 1 : chunk))
  if grep -q "^chunk $first $count " "$log"; then
    first=$((first + count))
    continue
  fi
  output=$(SIMULATION_FIRST=$first SIMULATION_SEEDS=$count swift test --skip-build \
    --filter 'HabitSimulationTests.SimulationTests/countsTappedOnSeveralDevicesAddUp' 2>&1 || true)
  summary=$(sed -n 's/^Simulation: \([0-9]*\) seeds in \([0-9.]*\) s, \([0-9]*\) with findings$/\1 \2 \3/p' <<<"$output")
  if [ -z "$summary" ]; then
    echo "chunk from seed $first did not finish:" >&2
    tail -20 <<<"$output" >&2
    exit 1
  fi
  sed -n 's/^Simulation: seed \([0-9]*\) found \(.*\)$/finding \1 \2/p' <<<"$output" >>"$log"
  echo "chunk $first $count $summary $(date -u +%FT%TZ)" | tee -a "$log"
  first=$((first + count))
done

echo
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)"
awk -v seeds="$seeds" '
  $1 == "chunk" && $2 + $3 - 1 <= seeds { ran += $4; seconds += $5; found += $6 }
  END { printf "%d seeds in %.0f s (%.2f s a seed), %d with findings\n", ran, seconds, seconds / (ran ? ran : 1), found }
' "$log"
while read -r _ seed rest; do
  if ((seed <= seeds)); then
    echo "seed $seed: $rest"
    echo "  replay: SIMULATION_SEED=$seed SIMULATION_SHRINK=1 swift test --skip-build --filter HabitSimulationTests"
  fi
done < <(grep '^finding ' "$log")
