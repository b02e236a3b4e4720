public import HabitSync

/// The "Your data" panel's import: the chosen mode, where the upload stands, and the server's
/// preview or answer. The file's bytes stay in the shell; only the server's counts come here.
public struct DataImport: Sendable {
  public enum Phase: Sendable {
    case choosing
    case uploading
    case previewed
    case applying
  }

  /// Replace everything (true) or add to the habits already here (false).
  public var replace = false
  public var phase = Phase.choosing
  public var fileName = ""
  /// The preview's figures in the order `Strings.previewLines` reads them.
  public var counts: [Int] = []
  public var firstDay = ""
  public var lastDay = ""
  /// What maps only approximately, one line per habit and rule.
  public var approximations: [String] = []
  /// The last import's result in words, shown until the next file is chosen.
  public var result: String?
  /// Why the last upload failed (the server's message names the file and line).
  public var error: String?
  /// Why the last download could not be made; an open preview stays as it was.
  public var exportError: String?

  public init() {}

  /// Habits in the file; the confirmation button names them.
  public var habits: Int { counts.first ?? 0 }
  /// Habits here that replacing would delete.
  public var deleted: Int { counts.count > 3 ? counts[3] : 0 }
  /// Days here that replacing overwrites or erases in the habits it keeps.
  public var replacedDays = 0

  /// Reads the server's preview (`ImportPreview` in openapi.json).
  public mutating func preview(_ json: JSON) throws(WireError) {
    var reader = try JSONObjectReader(json, path: "preview")
    counts = []
    for name in Self.countNames { counts.append(Int(try reader.integer(name))) }
    replacedDays = try Self.count(reader.optional("daysReplaced"), "preview.daysReplaced")
    firstDay = Self.text(reader.optional("firstDay"))
    lastDay = Self.text(reader.optional("lastDay"))
    approximations = []
    for item in try reader.array("approximations") {
      var line = try JSONObjectReader(item, path: "approximation")
      approximations.append(try line.string("habit") + ": " + line.string("message"))
    }
    phase = .previewed
    error = nil
  }

  /// Reads the server's answer to the import (`ImportSummary`) into one sentence.
  public mutating func imported(_ json: JSON) throws(WireError) {
    var reader = try JSONObjectReader(json, path: "summary")
    var figures: [Int] = []
    for name in ["habitsAdded", "habitsUpdated", "habitsDeleted", "daysWritten", "changes"] {
      figures.append(Int(try reader.integer(name)))
    }
    figures.append(try Self.count(reader.optional("daysCleared"), "summary.daysCleared"))
    result = Strings.importResult(figures)
    phase = .choosing
    counts = []
    approximations = []
  }

  /// An upload the server refused or could not receive: a refused preview starts over, a
  /// refused import keeps its preview so it can be tried again.
  public mutating func failed(_ message: String) {
    error = message
    phase = phase == .applying ? .previewed : .choosing
  }

  static var countNames: [String] {
    [
      "habits", "newHabits", "existingHabits", "deletedHabits", "checkIns", "skips", "notes",
      "noes", "automaticYeses",
    ]
  }

  /// A figure a server from before it was counted leaves out: 0.
  private static func count(_ value: JSON?, _ path: String) throws(WireError) -> Int {
    guard let value else { return 0 }
    return Int(try JSONObjectReader.integer(value, path: path))
  }

  private static func text(_ value: JSON?) -> String {
    if case .string(let text) = value { return text }
    return ""
  }
}
