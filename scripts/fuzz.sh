#!/usr/bin/env bash
# Fuzzes every importer's entry point and the sync wire decoder with libFuzzer.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Builds HabitCore, HabitSync and HabitInterop with -sanitize=fuzzer,address into .build-fuzz
# (under the shared build lock), then runs each target for SECONDS (default 60) on a copy of its
# committed seed corpus (Fuzz/Corpus/<target>), with leak detection and a 2 GiB memory bound.
# Exits non-zero on the first crash, trap, leak, timeout or out-of-memory; the input that did it
# is kept in .build-fuzz/artifacts/<target>/. Targets: all of Fuzz/Targets/*.swift by default.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
shift || true
scratch="$root/.build-fuzz"
lock="${HABITFLOW_BUILD_LOCK:-/tmp/habitflow-build.lock}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for file in "$root"/Fuzz/Targets/*.swift; do targets+=("$(basename "$file" .swift)"); done
fi

swift_flags=(
  -swift-version 6 -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault
  -O -g -sanitize=fuzzer,address -parse-as-library -suppress-warnings -I "$scratch/modules"
)

# A module of the package as a static library the targets link.
build_module() {
  local name="$1"
  mapfile -t sources < <(find "$root/Sources/$name" -name '*.swift' | sort)
  swiftc "${swift_flags[@]}" -module-name "$name" -wmo -emit-library -static \
    -emit-module -emit-module-path "$scratch/modules/$name.swiftmodule" \
    -o "$scratch/lib/lib$name.a" "${sources[@]}"
}

build() {
  mkdir -p "$scratch/modules" "$scratch/lib" "$scratch/bin"
  local stamp
  stamp="$( (swiftc --version 2>&1; cat "$0"; find "$root/Sources/HabitCore" \
    "$root/Sources/HabitSync" "$root/Sources/HabitInterop" "$root/Fuzz" -name '*.swift' \
    -print0 | sort -z | xargs -0 cat) | sha256sum | cut -d' ' -f1)"
  if [ -f "$scratch/stamp" ] && [ "$(cat "$scratch/stamp")" = "$stamp" ]; then return; fi
  rm -f "$scratch/stamp"
  for module in HabitCore HabitSync HabitInterop; do build_module "$module"; done
  for file in "$root"/Fuzz/Targets/*.swift; do
    swiftc "${swift_flags[@]}" -module-name "Fuzz$(basename "$file" .swift)" \
      -o "$scratch/bin/$(basename "$file" .swift)" "$file" "$root"/Fuzz/Support/*.swift \
      -L "$scratch/lib" -lHabitInterop -lHabitSync -lHabitCore -lm
  done
  echo "$stamp" > "$scratch/stamp"
}

started=$SECONDS
mkdir -p "$scratch"
if ! flock "$lock" bash -c "$(declare -p root scratch swift_flags); \
  $(declare -f build_module build); set -euo pipefail; build" "$0" >"$scratch/build.log" 2>&1; then
  grep -E "error" "$scratch/build.log" | head -20
  echo "fuzz: the build failed (log $scratch/build.log)"
  exit 1
fi
echo "fuzz: built in $((SECONDS - started)) s (waiting for the build lock included)"

status=0
for target in "${targets[@]}"; do
  work="$scratch/corpus/$target"
  artifacts="$scratch/artifacts/$target"
  mkdir -p "$work" "$artifacts" "$root/Fuzz/Corpus/$target"
  log="$scratch/$target.log"
  echo "fuzz: $target for $seconds s"
  if "$scratch/bin/$target" "$work" "$root/Fuzz/Corpus/$target" \
    -max_total_time="$seconds" -detect_leaks=1 -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    units=$(find "$work" -type f | wc -l)
    echo "fuzz: $target ok: $execs runs, $rate/s, corpus $units inputs, 0 crashes, 0 leaks"
  else
    status=1
    echo "fuzz: $target FAILED (log $log):"
    grep -m 5 -E "ERROR|SUMMARY|Fatal error|artifact" "$log" || tail -20 "$log"
  fi
done
exit $status
