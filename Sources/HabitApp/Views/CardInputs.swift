import HabitCore

/// Everything a card on the day list is rendered from. A card whose inputs are unchanged since
/// the last render is reused as it was, so a tap renders (and computes the streak of) one card,
/// not two hundred. Comparing is cheap: an untouched habit's log shares its storage.
struct CardInputs: Equatable, Sendable {
  let habit: Habit
  let log: EntryLog
  let item: AgendaItem
  let day: Day
  let today: Day
  let typed: String?
  /// The weeks a weekly quota's streak counts in.
  let firstWeekday: Weekday

  init(_ item: AgendaItem, state: AppState, day: Day) {
    habit = item.habit
    log = state.tracker.log(item.habit.id)
    self.item = item
    self.day = day
    today = state.today
    typed = state.habits.amounts[item.habit.id]
    firstWeekday = state.firstWeekday
  }
}
