public import HabitCore

/// One row of a Loop `.db` backup's `Habits` table, with Loop's defaults where an older version
/// lacks the column; whoever reads the SQLite file fills it in.
public struct LoopHabitRecord: Hashable, Sendable {
  public var id: Int64
  public var name: String
  public var description: String = ""
  public var question: String = ""
  /// `type` 1: a numeric habit, whose values are amounts × 1000.
  public var isNumeric = false
  public var frequencyNumerator = 1
  public var frequencyDenominator = 1
  /// A palette index (current versions) or an ARGB colour (older ones, negative).
  public var color: Int64 = 8
  public var position = 0
  public var isArchived = false
  public var unit: String = ""
  /// `target_type` 1: "at most", a limit.
  public var isAtMost = false
  public var target: Amount = .zero
  public var reminderHour: Int?
  public var reminderMinute: Int?
  /// Loop's weekday mask: bit 0 Saturday, bit 1 Sunday, … bit 6 Friday.
  public var reminderDays = 127
  public var uuid: String = ""

  public init(id: Int64, name: String) {
    self.id = id
    self.name = name
  }

  /// Loop's 20-colour palette (PaletteColor), in index order.
  private static let palette: [UInt32] = [
    0xD32F2F, 0xE64A19, 0xF57C00, 0xFF8F00, 0xF9A825, 0xAFB42B, 0x7CB342, 0x388E3C, 0x00897B,
    0x00ACC1, 0x039BE5, 0x1976D2, 0x303F9F, 0x5E35B1, 0x8E24AA, 0xD81B60, 0x5D4037, 0x303030,
    0x757575, 0xAAAAAA,
  ]

  /// The colour as RGB: a palette index looked up, an ARGB value without its alpha.
  public var habitColor: HabitColor {
    if color >= 0 && color < Int64(Self.palette.count) {
      return HabitColor(rgb: Self.palette[Int(color)])
    }
    return HabitColor(rgb: UInt32(truncatingIfNeeded: color))
  }

  /// The reminder Loop keeps as hour, minute and weekday mask, or none.
  public var reminders: Reminders {
    guard let reminderHour, let reminderMinute,
      let time = ClockTime(hour: reminderHour, minute: reminderMinute)
    else { return .none }
    // Loop's bit i is the weekday i days after Saturday.
    let loopOrder: [Weekday] = [
      .saturday, .sunday, .monday, .tuesday, .wednesday, .thursday, .friday,
    ]
    var weekdays = WeekdaySet()
    for (bit, weekday) in loopOrder.enumerated() where reminderDays >> bit & 1 == 1 {
      weekdays.insert(weekday)
    }
    return Reminders(times: [time], weekdays: weekdays.isEmpty ? .everyDay : weekdays)
  }
}
