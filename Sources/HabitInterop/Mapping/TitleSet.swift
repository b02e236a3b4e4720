public import HabitCore

/// The habit names a file defines, compared as people read them (trimmed, case-folded), so two
/// habits a file names alike are refused instead of one silently taking the other's days.
struct TitleSet {
  private var seen: Set<String> = []

  /// Adds a title; false when the file already named a habit so.
  mutating func insert(_ title: String) -> Bool {
    seen.insert(Text.folded(Text.trimmed(title))).inserted
  }

  /// What the error says about a second habit of the same name.
  static func duplicateMessage(_ title: String) -> String {
    "Two habits are named \"" + title + "\"; rename one and export again."
  }
}

extension TitleSet {
  /// A habit's name from a JSON member: trimmed, present, and not one the file already used.
  mutating func read(_ member: String, of fields: inout JSONFields) throws(ImportError) -> String {
    let name = Text.trimmed(try fields.requiredString(member))
    guard !name.isEmpty else { throw fields.failure("A habit has no name.", member: member) }
    guard insert(name) else {
      throw fields.failure(Self.duplicateMessage(name), member: member)
    }
    return name
  }
}
