import HabitCore
import HabitSync

extension AppState {
  /// The habits screen's own events: its two lists, reordering, the date picker and the sort.
  mutating func habitsScreen(_ event: AppEvent) -> [AppEffect] {
    switch event {
    case .habitsView(let all):
      habits.showsAll = all
      habits.picker = nil
    case .move(let id, let position):
      guard let order = try? tracker.order(moving: id, to: position) else { return [] }
      return perform(.reorder(order))
    case .picker(let month):
      guard let month else {
        habits.picker = nil
        return []
      }
      let months = HabitsScreen.pickerMonths(today: today)
      habits.picker = min(max(month, months.lowerBound), months.upperBound)
    case .sort(let sort):
      return setSetting("habitSort", .int(sort == .timeOfDay ? 1 : 0))
    default:
      break
    }
    return []
  }

  /// After saving a habit the day's list does not show (not due that day, or hidden by the
  /// search and filters), says when it comes up next, so the person can find what they just
  /// made (All habits lists every habit already).
  mutating func noteWhereSaved(_ id: HabitID) {
    guard !habits.showsAll, let habit = tracker.habit(id) else { return }
    let shown = tracker.agenda(on: habits.selectedDay, today: today, filter: habits.agendaFilter)
    guard !shown.contains(where: { $0.habit.id == id }) else { return }
    let due = habit.isArchived ? nil : habit.nextDue(onOrAfter: max(habits.selectedDay, today))
    habits.saved = HabitsScreen.Saved(id: id, nextDue: due)
  }
}
