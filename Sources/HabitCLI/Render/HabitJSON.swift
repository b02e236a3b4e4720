import HabitCore
import HabitSync

/// The JSON shapes of the read commands (documented in each command's help).
enum HabitJSON {
  static func int(_ value: Int) -> JSON { .number(String(value)) }

  /// `{"id","title","emoji","category","schedule","measure","unit","target","direction","start",
  /// "goal","pinned","archived"}`.
  static func habit(_ habit: Habit, tracker: Tracker) -> JSON {
    var target = ""
    var unit = ""
    switch habit.measure {
    case .done: break
    case .count(_, let count): target = String(count)
    case .quantity(let amount, let name):
      target = amount.text
      unit = name
    }
    return .object([
      ("id", .string(habit.id.rawValue)), ("title", .string(habit.title)),
      ("emoji", .string(habit.emoji)),
      ("category", .string(tracker.category(habit.category)?.name ?? habit.category.rawValue)),
      ("schedule", .string(HabitText.schedule(habit.schedule))),
      ("measure", .string(habit.measure.kind.rawValue)), ("target", .string(target)),
      ("unit", .string(unit)), ("direction", .string(habit.direction.rawValue)),
      ("start", .string(habit.startDay.iso)), ("goal", .string(HabitText.goal(habit.goal))),
      ("pinned", .bool(habit.isPinned)), ("archived", .bool(habit.isArchived)),
    ])
  }

  static func streak(_ streak: Streak) -> JSON {
    .object([("length", int(streak.length)), ("unit", .string(streak.unit.rawValue))])
  }

  /// A habit's day: the habit's fields plus `number`, `day`, `done`, `skipped`, `value`, `note`
  /// and `streak`.
  static func item(_ item: AgendaItem, number: Int, streak: Streak?, tracker: Tracker, day: Day)
    -> JSON
  {
    guard case .object(var members) = habit(item.habit, tracker: tracker) else { return .null }
    members.insert(("number", int(number)), at: 0)
    members += [
      ("day", .string(day.iso)), ("done", .bool(item.isDone)), ("skipped", .bool(item.isSkipped)),
      ("value", .string(item.value.text)), ("note", .string(item.entry?.note ?? "")),
    ]
    if let streak { members.append(("streak", Self.streak(streak))) }
    return .object(members)
  }
}
