/// One habit's days from its start as dense columns (a flag byte and a score contribution per
/// day), so the analysis loops index arrays instead of searching entries.
struct DayTable {
  static let success: UInt8 = 1
  static let skipped: UInt8 = 2
  static let tracked: UInt8 = 4

  private(set) var count = 0
  private(set) var state: [UInt8] = []
  /// What the day puts into the strength score's window: 1 for a met yes/no day, else the amount.
  private(set) var contribution: [Int64] = []

  mutating func fill(_ habit: Habit, log: EntryLog, through last: Day) {
    count = max(0, habit.startDay.distance(to: last) + 1)
    let build = habit.direction == .build
    let threshold = habit.measure.threshold(for: habit.direction).thousandths
    let numeric: Bool
    if case .done = habit.measure { numeric = false } else { numeric = true }
    // An empty day is a success only for a habit to quit.
    let emptySuccess = habit.isSuccess(.zero)
    // Refilled in place, so one table serves every habit without allocating.
    state.removeAll(keepingCapacity: true)
    state.append(contentsOf: repeatElement(emptySuccess ? Self.success : 0, count: count))
    contribution.removeAll(keepingCapacity: true)
    contribution.append(contentsOf: repeatElement(!numeric && emptySuccess ? 1 : 0, count: count))
    guard count > 0 else { return }
    let lower = log.insertionIndex(of: habit.startDay)
    let upper = log.insertionIndex(of: last.advanced(by: 1))
    let start = habit.startDay.daysSince1970
    log.entries.withUnsafeBufferPointer { entries in
      state.withUnsafeMutableBufferPointer { state in
        contribution.withUnsafeMutableBufferPointer { contribution in
          // Branch-free: whether a random day was met is not predictable. Indexes lie inside the
          // table and `kept` is 0 or 1, so the arithmetic cannot overflow and is not checked.
          for position in lower..<upper {
            let index = entries[position].day.daysSince1970 &- start
            let skipped: Int64 = entries[position].isSkipped ? 1 : 0
            let kept = 1 &- skipped
            let value = entries[position].value.thousandths
            let positive: Int64 = value > 0 ? 1 : 0
            let reached: Int64 = value >= threshold ? 1 : 0
            let within: Int64 = value <= threshold ? 1 : 0
            let met = build ? reached & positive & kept : within & kept
            state[index] = UInt8(truncatingIfNeeded: met | skipped << 1 | (positive & kept) << 2)
            contribution[index] = numeric ? max(0, value) &* kept : met
          }
        }
      }
    }
  }

  func withColumns<Result>(
    _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int64>) -> Result
  ) -> Result {
    state.withUnsafeBufferPointer { states in
      contribution.withUnsafeBufferPointer { contributions in body(states, contributions) }
    }
  }

  /// The index where a run of `length` met due days ending at `end` began (skips and days not
  /// due may lie inside it).
  func runStart(endingAt end: Int, length: Int, due: DueDays) -> Int {
    var found = 0
    var index = end
    while index >= 0 {
      if due.isDue(at: index) && state[index] & Self.success != 0 {
        found += 1
        if found == length { return index }
      }
      index -= 1
    }
    return 0
  }
}
