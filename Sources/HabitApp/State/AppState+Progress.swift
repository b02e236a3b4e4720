import HabitCore

extension AppState {
  /// The Progress calendar, the statistics' period and the detail's chart choices.
  mutating func progressScreen(_ event: AppEvent) -> [AppEffect] {
    switch event {
    case .progressMonth(let month):
      progress.month = month
    case .progressHabit(let id):
      progress.habit = nil
      if let id, tracker.habit(id) != nil { progress.habit = id }
    case .openDay(let day):
      // A calendar day opens that day's list.
      tab = .habits
      habits.showsAll = false
      habits.choose(day, today: today)
    case .statisticsPeriod(let period):
      progress.period = period
    case .scoreBy(let bucket):
      progress.scoreBucket = bucket
    case .historyBy(let bucket):
      progress.historyBucket = bucket
    case .drawRest:
      progress.restDrawn = true
    default:
      break
    }
    return []
  }
}
