#!/usr/bin/env bash
# Builds the Foundation-free modules for wasm32-unknown-none-wasm with Embedded Swift, so anything
# Embedded Swift forbids (untyped throws, existentials, Codable, reflection, key paths) fails here.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(HabitCore)
fi

for target in "${targets[@]}"; do
  echo "embedded wasm build: $target"
  swift build --triple wasm32-unknown-none-wasm -c release --target "$target" \
    --scratch-path .build-wasm \
    -Xswiftc -enable-experimental-feature -Xswiftc Embedded -Xswiftc -wmo \
    -Xswiftc -Werror -Xswiftc EmbeddedRestrictions
done
