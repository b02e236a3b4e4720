extension HabitDays {
  /// Met days per weekday, Monday first, over the days the habit was due (not skipped); a
  /// flexible habit is due every day.
  func weekdayFrequency() -> [WeekdayFigure] {
    var met = [Int](repeating: 0, count: 7)
    var asked = [Int](repeating: 0, count: 7)
    var weekday = habit.startDay.weekday.rawValue - 1
    for index in 0..<count {
      let flags = table.state[index]
      if flags & DayTable.success != 0 { met[weekday] += 1 }
      if flags & DayTable.skipped == 0 && (period != nil || due.isDue(at: index)) {
        asked[weekday] += 1
      }
      weekday = weekday == 6 ? 0 : weekday + 1
    }
    return Weekday.allCases.map { day in
      let index = day.rawValue - 1
      return WeekdayFigure(
        weekday: day, completions: met[index], rate: Ratio(met[index], of: asked[index]))
    }
  }
}

extension Tracker {
  /// How often a habit was met on each weekday (the detail's frequency chart), Monday first.
  public func weekdayFrequency(for id: HabitID, today: Day) throws(HabitError) -> [WeekdayFigure] {
    try days(of: id, today: today).weekdayFrequency()
  }
}
