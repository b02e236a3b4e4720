import HabitCore
import HabitInterop
import HabitSync

/// The import front door on one upload, as the server reads it: a zip unpacked, the format
/// detected and read, then previewed and applied to an empty account. Any input may be refused;
/// none may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImporter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let upload = ImportFile(path: "upload", bytes: FuzzInput.bytes(data, size))
  let today = Day(daysSince1970: 20_000)
  guard let files = try? Importer.files(upload),
    let contents = try? Importer.contents(files, today: today)
  else { return 0 }
  _ = ImportPreview(contents.document, tracker: Tracker(), mode: .merge)
  var replica = Replica(device: "fuzz")
  _ = try? replica.apply(
    contents.document, mode: .merge, wall: 1_728_000_000_000, today: today)
  return 0
}
