import HabitApp
import HabitWasmBridge

// The data module's wasm exports: the shell writes the JSON message and the chosen file's bytes
// into buffers from `hf_alloc`, calls `hf_data`, and reads the answer. It is also the whole app
// with its reminder screens (`hf_handle`): the shell moves to it from the first-load module when
// reminders are set up or shown.

/// Answers the message at `message` with the file at `file` (DataHost says what each asks).
@_expose(wasm, "hf_data")
@_cdecl("hf_data")
func handleData(
  _ message: UnsafeMutableRawPointer?, _ messageLength: Int32, _ file: UnsafeMutableRawPointer?,
  _ fileLength: Int32
) -> Int32 {
  lineReader = .direct
  dataPanel = DataView.render
  return keep(
    DataHost.handle(
      String(decoding: bytes(message, messageLength), as: UTF8.self),
      file: Array(bytes(file, fileLength))))
}

nonisolated(unsafe) var host = AppHost()

/// The app's message channel (as HabitWeb's), with the reminder screens.
@_expose(wasm, "hf_handle")
@_cdecl("hf_handle")
func handleMessage(_ pointer: UnsafeMutableRawPointer?, _ length: Int32) -> Int32 {
  reminderScreens = .all
  lineReader = .direct
  dataPanel = DataView.render
  return keep(host.handle(String(decoding: bytes(pointer, length), as: UTF8.self)))
}
