#!/usr/bin/env bash
# Builds the web app's modules (HabitWeb → Web/app.wasm, HabitDataWeb → Web/data.wasm) with Embedded Swift, as DESIGN.md's
# recipe says, plus Brotli and gzip copies of the app's files the server sends to browsers that
# accept them. Needs Debian's wasi-libc (malloc/free), libclang-rt-14-dev-wasm32 (compiler
# builtins), binaryen (wasm-opt) and brotli. Paths are mapped so the bytes do not depend on where
# the checkout lives.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
# Swift derives some names from source paths, so the module is built from a copy at one fixed
# place: the same sources give the same bytes wherever the checkout is.
root=/tmp/habitflow-wasm-build
mkdir -p "$root"
for folder in Sources Tests Benchmarks Tools scripts; do
  mkdir -p "$root/$folder"
  tar -C "$checkout/$folder" -cf - . | (cd "$root/$folder" && rm -rf ./* && tar -xf -)
done
cp "$checkout/Package.swift" "$root/Package.swift"
cd "$root"
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
libc=$(dpkg -L wasi-libc | grep '/libc.a$' | head -n 1)
# 64-bit overflow checks need compiler-rt's 128-bit helpers (__multi3).
builtins=$(dpkg -L libclang-rt-14-dev-wasm32 | grep 'libclang_rt.builtins-wasm32.a$' | head -n 1)
# Text reaches the module normalized (app.js), so the stdlib's normalization tables stay out.
mkdir -p .build-wasm
"$toolchain/bin/clang" --target=wasm32-unknown-none-wasm -Oz -ffile-prefix-map="$root=." \
  -c scripts/wasm/unicode-normalization.c -o .build-wasm/unicode-normalization.o
# Memory that grows by half at a time instead of a few pages (scripts/wasm/memory-growth.c says
# why); linked into both modules ahead of libc.a.
"$toolchain/bin/clang" --target=wasm32-unknown-none-wasm -Oz -ffile-prefix-map="$root=." \
  -c scripts/wasm/memory-growth.c -o .build-wasm/memory-growth.o
# The app (HabitWeb → app.wasm) and the data module the shell loads only for Your data
# (HabitDataWeb → data.wasm: the importers and exports, kept out of the first load). Only the
# app links the normalization stand-in: the data module reads files as they come, so it keeps
# the standard library's tables and compares their text by canonical equivalence.
# The app is built for size (it is the first load, under 250 KB). The data module is built for
# speed: it is fetched only for Your data, and it reads a large export in well under half the
# time it takes at -Osize.
for product in HabitWeb:app HabitDataWeb:data; do
  case "$product" in
    HabitWeb:app) optimize=-Osize binaryen="-Oz --low-memory-unused --flatten --rereloop -Oz --converge" ;;
    *) optimize=-O binaryen="-O3 --low-memory-unused" ;;
  esac
  swift build --triple wasm32-unknown-none-wasm -c release --product "${product%%:*}" --scratch-path .build-wasm \
    -Xswiftc -enable-experimental-feature -Xswiftc Embedded -Xswiftc -wmo \
    -Xswiftc -Xfrontend -Xswiftc -disable-stack-protector \
    -Xswiftc -Xclang-linker -Xswiftc -nostdlib \
    -Xswiftc -file-prefix-map -Xswiftc "$root=." \
    -Xswiftc "$optimize" \
    -Xlinker --no-entry -Xlinker --gc-sections -Xlinker --strip-all \
    $([ "${product%%:*}" = HabitWeb ] && echo -Xlinker "$root/.build-wasm/unicode-normalization.o") \
    -Xlinker "$root/.build-wasm/memory-growth.o" \
    -Xlinker "$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a" \
    -Xlinker "$libc" -Xlinker "$builtins" -Xlinker -L"$(dirname "$libc")" >&2
  # binaryen (Debian's package) optimizes the module further. For the app, a first -Oz, then
  # restructuring the control flow and -Oz again until nothing changes, and using the unused
  # first kilobyte of memory (the data starts at 1024), saves about 1.5% after Brotli (1,240 B
  # more than restructuring first); all keep the program's meaning.
  features="--enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int"
  wasm-opt $binaryen $features ".build-wasm/release/${product%%:*}.wasm" -o "$checkout/Web/${product##*:}.wasm"
  # A second run over the app, folding like code first, then -Oz until nothing changes, saves
  # about 700 B more after Brotli (238,541 to 237,846 on 2a75277; the first run's --converge
  # had stopped).
  if [ "${product%%:*}" = HabitWeb ]; then
    wasm-opt --code-folding -Oz --converge $features "$checkout/Web/app.wasm" -o "$checkout/Web/app.wasm"
  fi
done
cd "$checkout"
# The script and the stylesheet are sent minified (scripts/minify.py, with the project's .venv);
# the readable files stay what the repository holds and what an uncompressed request gets.
python=.venv/bin/python
[ -x "$python" ] || python=python3
for file in app.wasm data.wasm app.js data.js reminders.js app.css reminders.css index.html sw.js; do
  case "$file" in
    app.js | data.js | reminders.js | app.css | reminders.css) "$python" scripts/minify.py "Web/$file" > "/tmp/habitflow-$file" ;;
    *) cp "Web/$file" "/tmp/habitflow-$file" ;;
  esac
  gzip -9 -n -c "/tmp/habitflow-$file" > "Web/$file.gz"
  brotli -q 11 -c "/tmp/habitflow-$file" > "Web/$file.br"
done
ls -l Web/*.gz Web/*.br >&2
