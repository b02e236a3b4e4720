import HabitApp

// The wasm exports the JS shell calls. Strings cross as (pointer, length) in the module's memory:
// the shell asks for a buffer with `hf_alloc`, writes a JSON message, calls `hf_handle`, and
// reads the answer from `hf_result_pointer`/`hf_result_length`.

nonisolated(unsafe) var host = AppHost()
nonisolated(unsafe) var result: [UInt8] = []

@_expose(wasm, "hf_alloc")
@_cdecl("hf_alloc")
func allocate(_ size: Int32) -> UnsafeMutableRawPointer? {
  UnsafeMutableRawPointer.allocate(byteCount: Int(max(size, 1)), alignment: 1)
}

@_expose(wasm, "hf_free")
@_cdecl("hf_free")
func release(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.deallocate()
}

/// Handles the JSON message at `pointer` (`length` bytes) and keeps the answer for reading.
@_expose(wasm, "hf_handle")
@_cdecl("hf_handle")
func handleMessage(_ pointer: UnsafeMutableRawPointer?, _ length: Int32) -> Int32 {
  guard let pointer else { return 0 }
  let bytes = UnsafeBufferPointer(
    start: pointer.assumingMemoryBound(to: UInt8.self), count: Int(length))
  let message = String(decoding: bytes, as: UTF8.self)
  result = Array(host.handle(message).utf8)
  return Int32(result.count)
}

@_expose(wasm, "hf_result_pointer")
@_cdecl("hf_result_pointer")
func resultPointer() -> UnsafeMutableRawPointer? {
  result.withUnsafeMutableBytes { $0.baseAddress }
}
