import HabitApp
import HabitWasmBridge

// The whole app's wasm exports: the app with its reminder screens (`hf_handle`), which the shell
// moves to from the first-load module when reminders are set up or shown, and the "Your data"
// requests (`hf_data`), which read a chosen file into the same app's replica.

nonisolated(unsafe) var host = AppHost()

/// Installs what the first-load module leaves out.
private func installWholeApp() {
  reminderScreens = .all
  accountForms = .all
  lineReader = .direct
  dataPanel = DataView.render
}

/// Answers the message at `message` with the chosen file at `file` (DataHost says what each
/// asks); the shell writes both into buffers from `hf_alloc`.
@_expose(wasm, "hf_data")
@_cdecl("hf_data")
func handleData(
  _ message: UnsafeMutableRawPointer?, _ messageLength: Int32, _ file: UnsafeMutableRawPointer?,
  _ fileLength: Int32
) -> Int32 {
  installWholeApp()
  return keep(
    DataHost.handle(
      String(decoding: bytes(message, messageLength), as: UTF8.self),
      file: Array(bytes(file, fileLength)), host: &host))
}

/// The app's message channel (as HabitWeb's), with the reminder screens.
@_expose(wasm, "hf_handle")
@_cdecl("hf_handle")
func handleMessage(_ pointer: UnsafeMutableRawPointer?, _ length: Int32) -> Int32 {
  installWholeApp()
  return keep(host.handle(String(decoding: bytes(pointer, length), as: UTF8.self)))
}
