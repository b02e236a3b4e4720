import Foundation
import HabitCore
import HabitInterop
import HabitStore

/// Reads a file for import as the server does: a Loop database through SQLite, everything else
/// through HabitInterop's front door; a HabitFlow backup also brings its settings.
enum ImportReading {
  static func read(_ path: String, today: Day) async throws(CLIError) -> (
    ImportDocument, [BackupSetting]
  ) {
    let name = (path as NSString).lastPathComponent
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard let size = (attributes?[.size] as? NSNumber)?.intValue,
      attributes?[.type] as? FileAttributeType != .typeDirectory
    else {
      throw CLIError("There is no file at \(path).", code: "file_not_found", exit: .failure)
    }
    if size > ImportLimits.uploadBytes {
      throw CLIError(ImportLimits.uploadTooLarge(name, size: size))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError("\(path) could not be read.", code: "file_unreadable", exit: .failure)
    }
    do {
      let files = try Importer.files(ImportFile(path: name, bytes: [UInt8](data)))
      if let database = files.first(where: { Importer.isDatabase($0.bytes) }) {
        return (try await LoopDatabaseReader.document(database.bytes, name: database.path), [])
      }
      let document = try Importer.document(files, today: today)
      guard document.format == .backup, let file = files.first(where: { !$0.bytes.isEmpty })
      else { return (document, []) }
      let contents = try Backup.contents(file)
      return (contents.document, contents.settings)
    } catch {
      throw CLIError(error)
    }
  }
}
