import Foundation
import HabitCore
import HabitInterop

/// Loop exports in this target's Fixtures, read as an upload's files with paths relative to the
/// export's folder (as a zip's members are).
enum LoopCSVFixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// Every file under `folder`, with its path inside it.
  static func files(_ folder: String) throws -> [ImportFile] {
    let base = directory.appendingPathComponent(folder)
    let enumerator = FileManager.default.enumerator(atPath: base.path)
    var result: [ImportFile] = []
    while let relative = enumerator?.nextObject() as? String {
      let url = base.appendingPathComponent(relative)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      result.append(ImportFile(path: relative, bytes: Array(try Data(contentsOf: url))))
    }
    return result.sorted { $0.path < $1.path }
  }

  static func document(_ folder: String) throws -> ImportDocument {
    try LoopCSV.document(try files(folder))
  }

  static func day(_ iso: String) -> Day {
    guard let parsed = Day(iso: iso) else { fatalError("bad test date \(iso)") }
    return parsed
  }

  /// The imported habit titled `title`.
  static func habit(_ title: String, in document: ImportDocument) -> ImportedHabit? {
    document.habits.first { $0.habit.title == title }
  }
}
