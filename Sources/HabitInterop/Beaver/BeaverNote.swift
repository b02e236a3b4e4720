/// Beaver records a skip as a `#skip` tag in the day's note (its "skip" button appends it).
enum BeaverNote {
  static func isSkip(_ text: String) -> Bool {
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
    where word == "#skip" {
      return true
    }
    return false
  }
}
