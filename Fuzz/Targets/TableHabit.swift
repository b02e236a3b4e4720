import HabitCore
import HabitInterop

/// Table Habit's JSON export.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTableHabit(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = ImportFile(path: "table-habit.json", bytes: FuzzInput.bytes(data, size))
  _ = try? TableHabitJSON.read(file, today: Day(daysSince1970: 20_000))
  return 0
}
