import HabitCore
import HabitInterop

/// A HabitFlow backup with its settings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBackup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = try? HabitInterop.Backup.contents(
    ImportFile(path: "backup.json", bytes: FuzzInput.bytes(data, size)))
  return 0
}
