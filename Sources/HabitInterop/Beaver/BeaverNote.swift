/// Beaver records a skip as a `#skip` tag in the day's note (its "skip" button appends it). The
/// tag is the skip itself, not something the person wrote: it becomes the day's skip and leaves
/// the note.
enum BeaverNote {
  static func isSkip(_ text: String) -> Bool {
    text.split(whereSeparator: isSpace).contains { $0 == "#skip" }
  }

  /// The note without its `#skip` tags: a line that held one keeps its other words, and a note
  /// that was only the tag is empty.
  static func withoutSkip(_ text: String) -> String {
    guard isSkip(text) else { return text }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard line.split(whereSeparator: isSpace).contains(where: { $0 == "#skip" }) else {
        return String(line)
      }
      return line.split(whereSeparator: isSpace).filter { $0 != "#skip" }.joined(separator: " ")
    }
    return lines.joined(separator: "\n")
  }

  private static func isSpace(_ character: Character) -> Bool {
    character == " " || character == "\n" || character == "\t"
  }
}
