/// A habit repeats on a schedule; an irregular event (a haircut, a dentist visit) is tied to no
/// days and is listed every day until the person marks it.
public enum HabitKind: String, CaseIterable, Hashable, Sendable {
  case habit
  case irregularEvent = "event"
}
