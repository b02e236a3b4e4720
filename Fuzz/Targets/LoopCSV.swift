import HabitCore
import HabitInterop

/// Loop's CSV export: `Habits.csv`, the wide `Checkmarks.csv` and one habit's own file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoopCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let parts = FuzzInput.parts(FuzzInput.bytes(data, size), count: 3)
  let files = [
    ImportFile(path: "Habits.csv", bytes: parts[0]),
    ImportFile(path: "Checkmarks.csv", bytes: parts[1]),
    ImportFile(path: "001 Habit/Checkmarks.csv", bytes: parts[2]),
  ]
  _ = try? LoopCSV.document(files)
  return 0
}
