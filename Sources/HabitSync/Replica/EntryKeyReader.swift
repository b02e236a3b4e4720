import HabitCore

/// Reads entry keys (`<habit>/<yyyy-mm-dd>`) as `RecordFields.entryKeyParts` does, without its
/// intermediate strings: a trusted load reads thousands, nearly all of one habit after another,
/// so a habit part equal to the previous key's is not checked again.
struct EntryKeyReader {
  private var habitPart: Substring = ""
  private var habit: HabitID?

  mutating func parts(_ key: String) -> (HabitID, Day)? {
    let utf8 = key.utf8
    guard utf8.count > 11 else { return RecordFields.entryKeyParts(key) }
    let slash = utf8.index(utf8.endIndex, offsetBy: -11)
    guard utf8[slash] == UInt8(ascii: "/"), let day = Self.day(utf8[utf8.index(after: slash)...])
    else { return RecordFields.entryKeyParts(key) }
    let part = Substring(utf8[..<slash])
    if part != habitPart || habit == nil {
      let text = String(part)
      habitPart = part
      habit = RecordID.isValid(text) ? HabitID(text) : nil
    }
    guard let habit else { return nil }
    return (habit, day)
  }

  /// `yyyy-mm-dd`, as `Day(iso:)` reads it.
  private static func day(_ bytes: Substring.UTF8View) -> Day? {
    var year = 0
    var month = 0
    var day = 0
    for (offset, byte) in bytes.enumerated() {
      if offset == 4 || offset == 7 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      switch offset {
      case 0..<4: year = year * 10 + digit
      case 5..<7: month = month * 10 + digit
      default: day = day * 10 + digit
      }
    }
    return Day(year: year, month: month, day: day)
  }
}
