extension Tracker {
  /// Each day of `range` as every face counts it: the overview's "3 of 5 done", the Progress
  /// calendar's colour and the statistics' days (`statistics(today:)`, the same rule). Due are
  /// a fixed schedule's days; a flexible schedule ("3 times a week") or an irregular event asks
  /// for no particular day, so it counts only on a day it was met. Met is done, or for a habit
  /// to quit not slipped (today too). Skipped days and archived habits count nothing; a day to
  /// come counts its due habits, none met. One walk per habit: a month of 200 habits stays cheap.
  public func progress(in range: ClosedRange<Day>, today: Day) -> [DayCompletion] {
    let length = range.lowerBound.distance(to: range.upperBound) + 1
    var done = [Int](repeating: 0, count: length)
    var listed = [Int](repeating: 0, count: length)
    for habit in habits.values where !habit.isArchived {
      let log = self.log(habit.id)
      let onlyWhenMet = habit.kind == .irregularEvent || habit.schedule.isFlexible
      for offset in 0..<length {
        let day = range.lowerBound.advanced(by: offset)
        guard habit.isScheduled(on: day) else { continue }
        let entry = log[day]
        if entry?.isSkipped == true { continue }
        let met = day <= today && habit.isSuccess(entry?.value ?? .zero)
        if onlyWhenMet && !met { continue }
        listed[offset] += 1
        if met { done[offset] += 1 }
      }
    }
    return (0..<length).map { offset in
      DayCompletion(
        day: range.lowerBound.advanced(by: offset), due: listed[offset], met: done[offset])
    }
  }

  /// The overview at the top of a day's list.
  public func progress(on day: Day, today: Day) -> DayCompletion {
    progress(in: day...day, today: today)[0]
  }
}

extension Habit {
  /// How full a day is for the heatmaps, 0 (nothing) to 4 (met): a count or quantity short of
  /// its target shows part way; a habit to quit shows its days kept.
  public func level(of entry: Entry?, isOver: Bool) -> Int {
    if entry?.isSkipped == true { return 0 }
    let value = entry?.value ?? .zero
    if direction == .quit { return isOver && isSuccess(value) ? 4 : 0 }
    if isSuccess(value) { return 4 }
    let threshold = measure.threshold(for: direction)
    guard value > .zero, threshold > .zero else { return 0 }
    return min(3, 1 + Int(value.thousandths * 3 / threshold.thousandths))
  }
}
