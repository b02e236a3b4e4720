// How the JS shell and a HabitFlow wasm module pass bytes: the shell asks for a buffer with
// `hf_alloc`, writes into it, calls the module's own handler, and reads the answer the handler
// kept from `hf_result_pointer` (its length is what the handler returned).

/// The last answer, kept until the shell has read it (the next call replaces it).
nonisolated(unsafe) private var answer: [UInt8] = []

@_expose(wasm, "hf_alloc")
@_cdecl("hf_alloc")
public func allocate(_ size: Int32) -> UnsafeMutableRawPointer? {
  UnsafeMutableRawPointer.allocate(byteCount: Int(max(size, 1)), alignment: 1)
}

@_expose(wasm, "hf_free")
@_cdecl("hf_free")
public func release(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.deallocate()
}

@_expose(wasm, "hf_result_pointer")
@_cdecl("hf_result_pointer")
public func resultPointer() -> UnsafeMutableRawPointer? {
  answer.withUnsafeMutableBytes { $0.baseAddress }
}

/// The bytes the shell wrote at `pointer`.
public func bytes(_ pointer: UnsafeMutableRawPointer?, _ length: Int32) -> UnsafeBufferPointer<
  UInt8
> {
  guard let pointer else { return UnsafeBufferPointer(start: nil, count: 0) }
  return UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: Int(length))
}

/// Keeps `text` for the shell to read and returns its length in bytes.
public func keep(_ text: String) -> Int32 {
  answer = Array(text.utf8)
  return Int32(answer.count)
}
