import HabitCore
import HabitInterop

/// Beaver Habits' JSON export.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBeaver(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = ImportFile(path: "beaver.json", bytes: FuzzInput.bytes(data, size))
  _ = try? BeaverJSON.read(file, today: Day(daysSince1970: 20_000))
  return 0
}
