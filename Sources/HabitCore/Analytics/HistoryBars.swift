/// One bar of a habit's history: what was done in a week, month, quarter or year, against what
/// its schedule asks there.
public struct HistoryBar: Hashable, Sendable {
  /// The bucket's first day (it may begin before the habit did).
  public let start: Day
  /// Days met for a yes/no habit; the summed amount for a count or a quantity.
  public let value: Amount
  /// What the schedule asks in the bucket (met days, or the target amount over its due days; the
  /// limit for a habit to quit); nil for an irregular event.
  public let target: Amount?

  public init(start: Day, value: Amount, target: Amount?) {
    self.start = start
    self.value = value
    self.target = target
  }
}

extension HabitDays {
  /// One bar per bucket from the habit's start to its last counted day, oldest first.
  func history(by bucket: Bucket, firstWeekday: Weekday) -> [HistoryBar] {
    guard count > 0 else { return [] }
    let measured: Bool
    if case .done = habit.measure { measured = false } else { measured = true }
    let perDay = measured ? habit.measure.threshold(for: habit.direction) : Amount.one
    var lifeEnd: Day? = habit.endDay.map { $0.advanced(by: -1) }
    if habit.kind == .irregularEvent { lifeEnd = nil }
    var bars: [HistoryBar] = []
    for span in bucket.spans(covering: habit.startDay...last, firstWeekday: firstWeekday) {
      let start = bucket.start(of: span.lowerBound, firstWeekday: firstWeekday)
      var value: Int64 = 0
      for index in index(of: span.lowerBound)...index(of: span.upperBound) {
        value +=
          measured
          ? table.contribution[index] : Int64(table.state[index] & DayTable.success)
      }
      // The whole bucket's ask, days ahead included, so a running week shows what is left.
      var askedLast = bucket.next(after: start).advanced(by: -1)
      if let lifeEnd, lifeEnd < askedLast { askedLast = lifeEnd }
      let target =
        habit.kind == .irregularEvent
        ? nil : asked(from: span.lowerBound, through: askedLast).map { perDay.times($0) }
      bars.append(
        HistoryBar(
          start: start, value: measured ? Amount(thousandths: value) : Amount(Int(value)),
          target: target))
    }
    return bars
  }

  /// Occurrences the schedule asks for between two days, in thousandths: due days, or a flexible
  /// quota spread evenly over its week, month or run of days (a whole month asks its times,
  /// whatever its length).
  private func asked(from first: Day, through last: Day) -> Int64? {
    guard first <= last else { return 0 }
    if let period {
      let times = Int64(period.times) * 1000
      guard period.length == 0 else {
        return times * Int64(first.distance(to: last) + 1) / Int64(period.length)
      }
      var total: Int64 = 0
      var month = first.yearMonth
      while month.firstDay <= last {
        let inside = max(first, month.firstDay).distance(to: min(last, month.lastDay)) + 1
        total += times * Int64(inside) / Int64(month.length)
        month = month.next
      }
      return total
    }
    var due: Int64 = 0
    for offset in index(of: first)...index(of: last) where self.due.isDue(at: offset) {
      due += 1000
    }
    return due
  }
}

extension Amount {
  /// This amount `thousandths / 1000` times, rounded down to a thousandth.
  func times(_ thousandths: Int64) -> Amount {
    Amount(thousandths: self.thousandths * thousandths / 1000)
  }
}

extension Tracker {
  /// A habit's history bars (the detail's chart), oldest first.
  public func history(
    for id: HabitID, by bucket: Bucket, today: Day, firstWeekday: Weekday = .monday
  ) throws(HabitError) -> [HistoryBar] {
    try days(of: id, today: today).history(by: bucket, firstWeekday: firstWeekday)
  }
}
