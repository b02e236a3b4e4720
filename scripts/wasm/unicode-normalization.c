/*
 * The web module's stand-in for the Swift standard library's Unicode normalization tables.
 *
 * Swift compares and hashes strings by canonical equivalence, which normally needs about 30 KB
 * of normalization data, the largest data in the module. The shell (Web/app.js) normalizes every
 * message to NFC before the module reads it, so all text inside is already NFC, and two NFC
 * strings are canonically equivalent exactly when their scalars are equal. Here every scalar
 * reports no normalization properties (as the real tables do for ASCII), which makes
 * normalization the identity it is on NFC text. Linked by scripts/build-wasm.sh only; native
 * builds use the real tables.
 */

unsigned short _swift_stdlib_getNormData(unsigned int scalar) {
  (void)scalar;
  return 0;
}

static const unsigned char noDecompositions[4] = {0, 0, 0, 0};
const unsigned char *const _swift_stdlib_nfd_decompositions = noDecompositions;

/* Never asked for: a scalar without normalization properties has no decomposition. */
unsigned int _swift_stdlib_getDecompositionEntry(unsigned int scalar) {
  (void)scalar;
  return 0;
}

/* No pair composes (UINT32_MAX is the tables' "none"). */
unsigned int _swift_stdlib_getComposition(unsigned int first, unsigned int second) {
  (void)first;
  (void)second;
  return 0xFFFFFFFFu;
}
