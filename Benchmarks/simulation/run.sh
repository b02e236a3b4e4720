#!/usr/bin/env bash
# The simulator's long run: SEEDS seeds (100,000 by default) in chunks of CHUNK (1,000), each one
# `swift test` of the simulation sweep over its range (SIMULATION_FIRST, SIMULATION_SEEDS).
#
# The log (SIMULATION_LOG, default Benchmarks/simulation/long-run.log, kept in git) has a line per
# chunk and per finding. A chunk is keyed by the simulator it ran (a digest of
# Tests/HabitSimulationTests, which makes each seed's plan) and the build (debug or release): a run
# stopped part-way (it takes hours) goes on from its next chunk when started again, in this session
# or a later one, and seeds a changed simulator would plan differently run again. Each line also
# names the commit the chunk ran on. At the end it prints, for this simulator and build, how many
# seeds ran, in how long, and every finding with the commands that replay it.
#
#   Benchmarks/simulation/run.sh [SEEDS] [CHUNK]
#   SIMULATION_RELEASE=1 Benchmarks/simulation/run.sh   # optimized, in SIMULATION_SCRATCH
#                                                      # (default .build-release)
set -euo pipefail
cd "$(dirname "$0")/../.."
seeds=${1:-100000}
chunk=${2:-1000}
log=${SIMULATION_LOG:-Benchmarks/simulation/long-run.log}
mkdir -p "$(dirname "$log")"
touch "$log"
options=()
label=debug
if [ "${SIMULATION_RELEASE:-0}" = 1 ]; then
  options=(-c release -Xswiftc -enable-testing --scratch-path "${SIMULATION_SCRATCH:-.build-release}")
  label=release
fi
if ! flock "${HABITFLOW_BUILD_LOCK:-/tmp/habitflow-build.lock}" \
  swift build --build-tests ${options[@]+"${options[@]}"} >/dev/null 2>&1; then
  echo "the tests do not build: run swift build --build-tests ${options[*]+${options[*]}} to see why" >&2
  exit 1
fi
# The runs' SQLite files (server and CLI) go to memory where there is some: a seed then waits on
# no disk (0.22 s a seed instead of 0.27 here, optimized).
if [ -z "${SIMULATION_TMPDIR:-}" ] && [ -w /dev/shm ]; then SIMULATION_TMPDIR=/dev/shm; fi
export TMPDIR=${SIMULATION_TMPDIR:-${TMPDIR:-/tmp}}
simulator=$(git ls-files -s Tests/HabitSimulationTests | sha1sum | cut -c1-10)
if [ -n "$(git status --porcelain --untracked-files=all -- Tests/HabitSimulationTests)" ]; then
  simulator="$simulator+changes"
fi
commit=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain --untracked-files=all -- Sources Tests Package.swift)" ]; then
  commit="$commit+changes"
fi

# chunk FIRST COUNT RAN SECONDS FOUND WHEN SIMULATOR BUILD COMMIT
# finding SEED SIMULATOR BUILD COMMIT TEXT
first=1
while ((first <= seeds)); do
  count=$((seeds - first + 1 < chunk ? seeds - first + 1 : chunk))
  if grep -q "^chunk $first $count [^ ]* [^ ]* [^ ]* [^ ]* $simulator $label " "$log"; then
    first=$((first + count))
    continue
  fi
  output=$(SIMULATION_FIRST=$first SIMULATION_SEEDS=$count swift test ${options[@]+"${options[@]}"} \
    --skip-build --filter 'HabitSimulationTests.SimulationTests/countsTappedOnSeveralDevicesAddUp' 2>&1 || true)
  summary=$(sed -n 's/^Simulation: \([0-9]*\) seeds in \([0-9.]*\) s, \([0-9]*\) with findings$/\1 \2 \3/p' <<<"$output")
  if [ -z "$summary" ]; then
    echo "chunk from seed $first did not finish:" >&2
    tail -20 <<<"$output" >&2
    exit 1
  fi
  # The chunk's findings and its line land in one write, so a stopped run never keeps half.
  lines=$(sed -n "s/^Simulation: seed \([0-9]*\) found \(.*\)$/finding \1 $simulator $label $commit \2/p" <<<"$output")
  lines+="${lines:+$'\n'}chunk $first $count $summary $(date -u +%FT%TZ) $simulator $label $commit"
  printf '%s\n' "$lines" >>"$log"
  echo "chunk $first $count $summary $simulator $label $commit"
  first=$((first + count))
done

echo
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)"
echo "simulator $simulator, $label build:"
awk -v seeds="$seeds" -v simulator="$simulator" -v label="$label" '
  $1 == "chunk" && $8 == simulator && $9 == label && $2 + $3 - 1 <= seeds {
    ran += $4; seconds += $5; found += $6
  }
  END { printf "%d seeds in %.0f s (%.2f s a seed), %d with findings\n", ran, seconds, seconds / (ran ? ran : 1), found }
' "$log"
while read -r _ seed sim build at rest; do
  if [ "$sim" = "$simulator" ] && [ "$build" = "$label" ] && ((seed <= seeds)); then
    echo "seed $seed (commit $at): $rest"
    echo "  replay: git checkout ${at%+changes} && SIMULATION_SEED=$seed SIMULATION_SHRINK=1 swift test ${options[*]+${options[*]}} --filter HabitSimulationTests"
  fi
done < <(grep '^finding ' "$log" || true)
