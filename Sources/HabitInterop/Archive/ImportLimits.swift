/// How much work one import may make, so no upload (a zip bomb, a zip of zips, a file of a
/// million habits) can exhaust the server's memory or CPU: every limit is here, each checked as
/// early as the format allows (a zip's sizes before it is unpacked, a `.db`'s rows before they
/// are read). The server refuses larger bodies with the same figure.
public enum ImportLimits {
  /// The largest upload: 100 MB, a decade of any tracker's history with room to spare.
  public static let uploadBytes = 100_000_000
  /// The most one upload may unpack to, all its files together: never more than could have been
  /// uploaded unzipped.
  public static let expandedBytes = 100_000_000
  /// How many times its compressed size a zipped file may grow: exports compress 5 to 30 times,
  /// a zip bomb a thousand.
  public static let expansionRatio = 100
  /// What any file may unpack to regardless of the ratio, so tiny files are never refused.
  public static let expansionAllowance = 1_000_000
  /// The most files a zip may hold: Loop's export has two per habit and three more.
  public static let zipFiles = 10_000
  /// The most habits one import may bring: a hundred times what anyone tracks.
  public static let habits = 1_000
  /// The most days one import may record, over all its habits (also a Loop `.db`'s rows): 100
  /// habits for 27 years, every day.
  public static let entries = 1_000_000
  /// The most cells a CSV file may have: one per habit per day in Loop's wide file, three per day
  /// in a habit's own file.
  public static let csvCells = 4_000_000

  /// The refusal of an upload over `uploadBytes`, the same on every face.
  public static func uploadTooLarge(_ name: String, size: Int) -> ImportError {
    ImportError(
      file: name,
      message: "The file is " + ByteSize.text(size) + "; HabitFlow imports files up to "
        + ByteSize.text(uploadBytes) + ".")
  }

  /// The refusal of a file whose content goes past `limit` of what it counts (`things`: "habits").
  public static func tooMany(_ name: String, _ things: String, limit: Int) -> ImportError {
    ImportError(
      file: name,
      message: "The file has more than " + ImportPreview.grouped(limit) + " " + things
        + "; HabitFlow imports up to that many at once.")
  }

  /// Refuses a document with more habits or days than one import may bring.
  static func check(_ document: ImportDocument, file: String) throws(ImportError) {
    guard document.habits.count <= habits else { throw tooMany(file, "habits", limit: habits) }
    var total = 0
    for habit in document.habits {
      total += habit.entries.count
      guard total <= entries else { throw tooMany(file, "recorded days", limit: entries) }
    }
  }
}
