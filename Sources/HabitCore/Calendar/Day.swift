/// A calendar day with no time zone: habits are tracked per day, so a day is the unit every rule
/// counts in. Stored as days since 1970-01-01 so that arithmetic and comparisons are integer math.
public struct Day: Hashable, Comparable, Strideable, Sendable {
  /// Days since 1970-01-01 (negative before it).
  public var daysSince1970: Int

  public init(daysSince1970: Int) {
    self.daysSince1970 = daysSince1970
  }

  /// Returns nil when the month or day does not exist (for example 2023-02-29).
  public init?(year: Int, month: Int, day: Int) {
    guard let civil = CivilDate(year: year, month: month, day: day) else { return nil }
    self.init(civil)
  }

  public init(_ civil: CivilDate) {
    daysSince1970 = Self.daysFromCivil(year: civil.year, month: civil.month, day: civil.day)
  }

  /// Parses `yyyy-MM-dd`; nil for anything else, including days that do not exist.
  public init?(iso text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
      let day = Self.number(bytes[8..<10])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  public var civil: CivilDate {
    Self.civilFromDays(daysSince1970)
  }

  public var year: Int { civil.year }
  public var month: Int { civil.month }
  public var dayOfMonth: Int { civil.day }

  /// `yyyy-MM-dd`, the form used on the wire and in files.
  public var iso: String {
    let date = civil
    guard (0...9999).contains(date.year) else {
      return Self.padded(date.year, width: 4) + "-" + Self.padded(date.month, width: 2) + "-"
        + Self.padded(date.day, width: 2)
    }
    // Every entry's sync key holds its day: ten bytes written in place, not five strings joined.
    return String(unsafeUninitializedCapacity: 10) { bytes in
      var number = date.year * 10_000 + date.month * 100 + date.day
      var index = 9
      while index >= 0 {
        if index == 7 || index == 4 {
          bytes[index] = UInt8(ascii: "-")
        } else {
          bytes[index] = UInt8(truncatingIfNeeded: 48 + number % 10)
          number /= 10
        }
        index -= 1
      }
      return 10
    }
  }

  /// 1970-01-01 was a Thursday; every other weekday follows from that anchor.
  public var weekday: Weekday {
    let index = ((daysSince1970 % 7) + 7 + 3) % 7
    return Weekday(isoNumber: index + 1)!
  }

  public var isoWeek: ISOWeek { ISOWeek(containing: self) }

  public var yearMonth: YearMonth { YearMonth(year: year, month: month)! }

  /// The same day of the month `count` months later (or earlier), clamped to the month's end.
  public func adding(months count: Int) -> Day {
    let date = civil
    let target = YearMonth(year: date.year, month: date.month)!.adding(months: count)
    return Day(year: target.year, month: target.month, day: min(date.day, target.length))!
  }

  public func distance(to other: Day) -> Int {
    other.daysSince1970 - daysSince1970
  }

  public func advanced(by n: Int) -> Day {
    Day(daysSince1970: daysSince1970 + n)
  }

  public static func < (lhs: Day, rhs: Day) -> Bool {
    lhs.daysSince1970 < rhs.daysSince1970
  }

  // Howard Hinnant's civil-from-days algorithms, valid for the whole proleptic Gregorian calendar.
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilFromDays(_ days: Int) -> CivilDate {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return CivilDate(unchecked: year, month: month, day: day)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  static func padded(_ value: Int, width: Int) -> String {
    let digits = String(value < 0 ? -value : value)
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + zeros + digits
  }
}
