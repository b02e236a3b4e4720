/*
 * The modules' `sbrk`, in place of wasi-libc's: the allocator (dlmalloc) asks for more memory a
 * few pages at a time, and a browser's cost for each growth of a module's memory rises with the
 * memory's size (Node 20 measured 0.002 ms per grow at 26 MB and 0.75 ms at 190 MB). Reading
 * years of history grew the app's memory about 1,400 times, half a second of the time. Here the
 * memory grows by at least half of what it already has, so that takes about ten growths; the
 * allocator still sees a break that moves by exactly what it asked for. Memory grown ahead
 * costs address space, not RAM, until it is used. Linked by scripts/build-wasm.sh before libc.a,
 * so the archive's own `sbrk` is not used. Nothing else in the modules grows their memory, so
 * the break kept here is the allocator's alone.
 */

#define PAGE 65536ull

/* The allocator's break: memory past it has been grown ahead and is not in use yet. */
static unsigned long long brk_end;

void *sbrk(long increment) {
  unsigned long long size = (unsigned long long)__builtin_wasm_memory_size(0) * PAGE;
  if (brk_end == 0) brk_end = size;
  /* dlmalloc never gives memory back here (WebAssembly memory cannot shrink). */
  if (increment < 0) return (void *)-1;
  unsigned long long old = brk_end;
  unsigned long long want = old + (unsigned long long)increment;
  /* A 32-bit module's memory ends at 4 GiB; the last page stays out so no pointer wraps. */
  if (want > 4096ull * 1024 * 1024 - PAGE) return (void *)-1;
  if (want > size) {
    unsigned long need = (unsigned long)((want - size + PAGE - 1) / PAGE);
    unsigned long ahead = (unsigned long)(size / PAGE / 2);
    if (ahead < need) ahead = need;
    if (__builtin_wasm_memory_grow(0, ahead) == (unsigned long)-1 &&
        __builtin_wasm_memory_grow(0, need) == (unsigned long)-1) {
      return (void *)-1;
    }
  }
  brk_end = want;
  return (void *)(unsigned long)old;
}
