import HabitCore
import HabitInterop

/// harsh's `habits` and `log` files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHarsh(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let parts = FuzzInput.parts(FuzzInput.bytes(data, size), count: 2)
  _ = try? HarshFiles.read(
    habits: ImportFile(path: "habits", bytes: parts[0]),
    log: ImportFile(path: "log", bytes: parts[1]), today: Day(daysSince1970: 20_000))
  return 0
}
