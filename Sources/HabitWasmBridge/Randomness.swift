#if arch(wasm32)
  /// The browser's random bytes (the shell's `random_get` is `crypto.getRandomValues`).
  @_extern(c, "getentropy")
  func getentropy(_ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int32

  /// Seeds the standard library's hashing. wasi-libc's own `arc4random_buf` links its assert
  /// path and with it `fprintf` (12 KB of the first load); the browser's randomness needs none.
  @_cdecl("arc4random_buf")
  func randomBytes(_ buffer: UnsafeMutableRawPointer?, _ count: Int) {
    guard let buffer else { return }
    var offset = 0
    while offset < count {
      let chunk = min(count - offset, 256)
      _ = getentropy(buffer + offset, chunk)
      offset += chunk
    }
  }
#endif
