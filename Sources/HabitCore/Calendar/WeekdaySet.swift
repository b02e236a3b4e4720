/// A set of weekdays stored in one byte, for schedules and reminders.
public struct WeekdaySet: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue & 0b0111_1111
  }

  public init(_ weekday: Weekday) {
    self.init(rawValue: 1 << UInt8(weekday.rawValue - 1))
  }

  public init(_ weekdays: [Weekday]) {
    var set = WeekdaySet()
    for weekday in weekdays { set.insert(weekday) }
    self = set
  }

  public static let monday = WeekdaySet(Weekday.monday)
  public static let tuesday = WeekdaySet(Weekday.tuesday)
  public static let wednesday = WeekdaySet(Weekday.wednesday)
  public static let thursday = WeekdaySet(Weekday.thursday)
  public static let friday = WeekdaySet(Weekday.friday)
  public static let saturday = WeekdaySet(Weekday.saturday)
  public static let sunday = WeekdaySet(Weekday.sunday)
  public static let everyDay = WeekdaySet(rawValue: 0b0111_1111)
  public static let workdays: WeekdaySet = [.monday, .tuesday, .wednesday, .thursday, .friday]
  public static let weekend: WeekdaySet = [.saturday, .sunday]

  public func contains(_ weekday: Weekday) -> Bool {
    rawValue & WeekdaySet(weekday).rawValue != 0
  }

  public mutating func insert(_ weekday: Weekday) {
    formUnion(WeekdaySet(weekday))
  }

  public mutating func remove(_ weekday: Weekday) {
    subtract(WeekdaySet(weekday))
  }

  public mutating func toggle(_ weekday: Weekday) {
    if contains(weekday) { remove(weekday) } else { insert(weekday) }
  }

  public var count: Int { rawValue.nonzeroBitCount }

  /// The chosen weekdays, Monday first.
  public var weekdays: [Weekday] {
    Weekday.allCases.filter { contains($0) }
  }
}
