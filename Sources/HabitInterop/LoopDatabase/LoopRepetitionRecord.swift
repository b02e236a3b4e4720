/// One row of a Loop `.db` backup's `Repetitions` table: a day's value for a habit.
public struct LoopRepetitionRecord: Hashable, Sendable {
  public var habit: Int64
  /// Milliseconds since 1970 at UTC midnight of the day.
  public var timestamp: Int64
  /// 2 done, 1 automatic yes, 0 no, 3 skip, -1 unknown; a numeric habit's amount × 1000. Older
  /// versions have no column: every row is a check (2).
  public var value: Int64
  public var notes: String

  public init(habit: Int64, timestamp: Int64, value: Int64 = 2, notes: String = "") {
    self.habit = habit
    self.timestamp = timestamp
    self.value = value
    self.notes = notes
  }
}
