import HabitApp
import HabitWasmBridge

// The app's wasm export: the shell writes a JSON message into a buffer from `hf_alloc`, calls
// `hf_handle`, and reads the answer (HabitWasmBridge holds the memory exports).

nonisolated(unsafe) var host = AppHost()

/// Handles the JSON message at `pointer` (`length` bytes) and keeps the answer for reading.
@_expose(wasm, "hf_handle")
@_cdecl("hf_handle")
func handleMessage(_ pointer: UnsafeMutableRawPointer?, _ length: Int32) -> Int32 {
  keep(host.handle(String(decoding: bytes(pointer, length), as: UTF8.self)))
}
