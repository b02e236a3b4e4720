/// Per-day counts over a span of days, filled while each habit is analysed: what was due, what
/// was met, what was completed. Perfect days, weekday figures and the heatmap read from it.
struct DayTotals {
  let first: Day
  let last: Day
  private(set) var due: [Int32]
  private(set) var met: [Int32]
  private(set) var completions: [Int32]

  init(first: Day, last: Day) {
    self.first = first
    self.last = last
    let count = max(0, first.distance(to: last) + 1)
    due = [Int32](repeating: 0, count: count)
    met = [Int32](repeating: 0, count: count)
    completions = [Int32](repeating: 0, count: count)
  }

  /// Where `day` falls in the span (possibly outside it); callers step it along with the day.
  func offset(of day: Day) -> Int {
    first.distance(to: day)
  }

  /// The due, met and completed columns from `offset` on, for the analysis loop; the caller
  /// stays inside the span.
  mutating func withColumns(
    from offset: Int,
    _ body: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>)
      -> Void
  ) {
    precondition(offset >= 0 || due.isEmpty, "a habit's days lie inside the span")
    due.withUnsafeMutableBufferPointer { due in
      met.withUnsafeMutableBufferPointer { met in
        completions.withUnsafeMutableBufferPointer { completions in
          guard let dueBase = due.baseAddress, let metBase = met.baseAddress,
            let completedBase = completions.baseAddress
          else { return }
          body(dueBase + offset, metBase + offset, completedBase + offset)
        }
      }
    }
  }

  /// The due, met and completed counts summed over the offsets `lower...upper`.
  func counts(from lower: Int, through upper: Int) -> (due: Int, met: Int, completions: Int) {
    var sums = (due: 0, met: 0, completions: 0)
    guard lower <= upper else { return sums }
    for offset in lower...upper {
      sums.due &+= Int(due[offset])
      sums.met &+= Int(met[offset])
      sums.completions &+= Int(completions[offset])
    }
    return sums
  }

  func dueCount(at offset: Int) -> Int { Int(due[offset]) }
  func metCount(at offset: Int) -> Int { Int(met[offset]) }
  func completionCount(at offset: Int) -> Int { Int(completions[offset]) }
  var dayCount: Int { due.count }
}
