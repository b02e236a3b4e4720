public import HabitCore

/// The front door of every import: it recognises what a person gave (a zip, Loop's CSV export,
/// a Loop `.db`, Beaver's or Table Habit's JSON, harsh's files, a HabitFlow backup) and hands it
/// to that format's reader, so no face has to ask which format a file is.
public enum Importer {
  /// What the error for an unrecognised upload lists.
  public static let supportedFormats =
    "Loop Habit Tracker's CSV export (its zip, or Habits.csv and Checkmarks.csv), Loop's .db "
    + "backup, Beaver Habits JSON, Table Habit JSON, harsh's habits and log files, and HabitFlow "
    + "backups"

  /// The files of an upload: a zip's members, or the file itself.
  public static func files(_ upload: ImportFile) throws(ImportError) -> [ImportFile] {
    guard upload.bytes.count <= ImportLimits.uploadBytes else {
      throw ImportLimits.uploadTooLarge(upload.path, size: upload.bytes.count)
    }
    return Zip.isZip(upload.bytes) ? try Zip.files(upload.bytes, name: upload.path) : [upload]
  }

  /// Whether the bytes are an SQLite database (Loop's `.db` backup), which only a face with
  /// SQLite (the server, the CLI) reads.
  public static func isDatabase(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: sqliteMagic)
  }

  private static let sqliteMagic = Array("SQLite format 3".utf8) + [0]

  /// The document the files describe, zips unpacked first; `today` starts a habit that has no
  /// day recorded yet. A Loop `.db` is refused with a message saying it needs the server, and a
  /// document over `ImportLimits` is refused whatever its format.
  public static func document(_ files: [ImportFile], today: Day) throws(ImportError)
    -> ImportDocument
  {
    let document = try read(files, today: today)
    try ImportLimits.check(document, file: files.count == 1 ? files[0].path : "upload")
    return document
  }

  private static func read(_ files: [ImportFile], today: Day) throws(ImportError)
    -> ImportDocument
  {
    var unpacked: [ImportFile] = []
    var total = 0
    for file in files {
      total += file.bytes.count
      guard total <= ImportLimits.uploadBytes else {
        throw ImportLimits.uploadTooLarge(file.path, size: total)
      }
      unpacked += try self.files(file)
    }
    guard unpacked.contains(where: { !$0.bytes.isEmpty }) else {
      throw ImportError(file: files.first?.path ?? "upload", message: "The upload is empty.")
    }
    if let database = unpacked.first(where: { isDatabase($0.bytes) }) {
      throw ImportError(
        file: database.path,
        message: "This is a Loop Habit Tracker database backup, which is read on the server: "
          + "sign in to import it, or import Loop's CSV export instead.")
    }
    if unpacked.count == 1, let name = loopName(unpacked[0]) {
      unpacked[0].path = name
    }
    if unpacked.contains(where: { $0.name == "Habits.csv" || $0.name == "Checkmarks.csv" }) {
      return try LoopCSV.document(unpacked)
    }
    if let habits = unpacked.first(where: { $0.name == "habits" }),
      let log = unpacked.first(where: { $0.name == "log" })
    {
      return try HarshFiles.read(habits: habits, log: log, today: today)
    }
    for file in unpacked where JSONSniffer.isObject(file.bytes) {
      switch JSONSniffer.format(file.bytes) {
      case .backup: return try Backup.read(file)
      case .tableHabit: return try TableHabitJSON.read(file, today: today)
      case .beaver: return try BeaverJSON.read(file, today: today)
      default: continue
      }
    }
    throw ImportError(
      file: files.count == 1 ? files[0].path : "upload",
      message: "HabitFlow cannot tell what this is. It imports " + supportedFormats + ".")
  }

  /// The name Loop gives a file chosen alone under another name (a download renamed, or an
  /// upload that carries no name), told by its header line; nil when it is not Loop's.
  private static func loopName(_ file: ImportFile) -> String? {
    guard file.name != "Habits.csv", file.name != "Checkmarks.csv" else { return nil }
    if file.bytes.starts(with: Array("Position,Name,".utf8)) { return "Habits.csv" }
    if file.bytes.starts(with: Array("Date,".utf8)) { return "Checkmarks.csv" }
    return nil
  }
}
