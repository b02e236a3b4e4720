import HabitApp
import HabitWasmBridge

// The data module's wasm export: the shell writes the JSON message and the chosen file's bytes
// into buffers from `hf_alloc`, calls `hf_data`, and reads the answer.

/// Answers the message at `message` with the file at `file` (DataHost says what each asks).
@_expose(wasm, "hf_data")
@_cdecl("hf_data")
func handleData(
  _ message: UnsafeMutableRawPointer?, _ messageLength: Int32, _ file: UnsafeMutableRawPointer?,
  _ fileLength: Int32
) -> Int32 {
  keep(
    DataHost.handle(
      String(decoding: bytes(message, messageLength), as: UTF8.self),
      file: Array(bytes(file, fileLength))))
}
