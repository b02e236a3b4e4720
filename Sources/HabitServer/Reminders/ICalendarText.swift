import Foundation
import HabitCore

/// RFC 5545's text rules: escaped values, lines folded at 75 octets, CRLF line ends.
enum ICalendarText {
  /// A TEXT value with backslashes, semicolons, commas and line breaks escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n", "\r\n", "\r": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }

  /// A parameter value, always quoted; a quote cannot appear in one, so it becomes an apostrophe.
  static func parameter(_ text: String) -> String {
    let cleaned = text.map { $0 == "\"" ? "'" : ($0.isNewline ? " " : $0) }
    return "\"" + String(cleaned) + "\""
  }

  /// One content line folded so no line is longer than 75 octets, never inside a character, and
  /// ended with CRLF.
  static func folded(_ line: String) -> String {
    var result = ""
    var width = 0
    for scalar in line.unicodeScalars {
      let size = String(scalar).utf8.count
      if width + size > 75 {
        result += "\r\n "
        width = 1
      }
      result.unicodeScalars.append(scalar)
      width += size
    }
    return result + "\r\n"
  }

  /// A UTC instant as `yyyyMMdd'T'HHmmss'Z'`.
  static func utc(_ milliseconds: Int64) -> String {
    let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let inDay = Int(seconds - days * 86_400)
    return date(Day(daysSince1970: Int(days)))
      + String(format: "T%02d%02d%02dZ", inDay / 3600, inDay / 60 % 60, inDay % 60)
  }

  /// A day as `yyyyMMdd`.
  static func date(_ day: Day) -> String {
    day.iso.replacingOccurrences(of: "-", with: "")
  }

  /// A floating local time (no time zone: the person's clock wherever they are).
  static func local(_ day: Day, _ time: ClockTime) -> String {
    date(day) + String(format: "T%02d%02d00", time.hour, time.minute)
  }

  static let weekdayCodes: [Weekday: String] = [
    .monday: "MO", .tuesday: "TU", .wednesday: "WE", .thursday: "TH", .friday: "FR",
    .saturday: "SA", .sunday: "SU",
  ]
}
