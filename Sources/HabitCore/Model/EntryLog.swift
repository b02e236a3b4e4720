/// One habit's entries sorted by day: lookups are binary searches and the analytics walk it in
/// order alongside the calendar, which keeps statistics over years of history fast.
public struct EntryLog: Hashable, Sendable {
  public private(set) var entries: [Entry]

  public init() {
    entries = []
  }

  /// Builds a log from entries in any order; a later entry for the same day replaces an earlier.
  public init(_ unsorted: [Entry]) {
    // Loads build logs in day order, one entry a day: those are kept as they are, with no copy
    // and no sorted insert per day.
    if Self.isLog(unsorted) {
      entries = unsorted
      return
    }
    entries = []
    for entry in unsorted { set(entry) }
  }

  /// Whether entries are already a log: days strictly increasing, none empty.
  private static func isLog(_ entries: [Entry]) -> Bool {
    var previous: Day?
    for entry in entries {
      if entry.isEmpty { return false }
      if let previous, entry.day <= previous { return false }
      previous = entry.day
    }
    return true
  }

  public var isEmpty: Bool { entries.isEmpty }
  public var count: Int { entries.count }

  public subscript(day: Day) -> Entry? {
    let index = insertionIndex(of: day)
    return index < entries.count && entries[index].day == day ? entries[index] : nil
  }

  /// Stores the entry for its day, or removes the day when the entry carries nothing.
  public mutating func set(_ entry: Entry) {
    let index = insertionIndex(of: entry.day)
    let exists = index < entries.count && entries[index].day == entry.day
    if entry.isEmpty {
      if exists { entries.remove(at: index) }
    } else if exists {
      entries[index] = entry
    } else {
      entries.insert(entry, at: index)
    }
  }

  public mutating func remove(_ day: Day) {
    let index = insertionIndex(of: day)
    if index < entries.count && entries[index].day == day { entries.remove(at: index) }
  }

  /// Drops every entry before `day` and says how many went.
  @discardableResult
  public mutating func removeAll(before day: Day) -> Int {
    let index = insertionIndex(of: day)
    entries.removeSubrange(0..<index)
    return index
  }

  /// Entries whose day lies in `range`, in day order.
  public func entries(in range: ClosedRange<Day>) -> ArraySlice<Entry> {
    let lower = insertionIndex(of: range.lowerBound)
    let upper = insertionIndex(of: range.upperBound.advanced(by: 1))
    return entries[lower..<upper]
  }

  /// The number of entries before `day`.
  public func count(before day: Day) -> Int {
    insertionIndex(of: day)
  }

  func insertionIndex(of day: Day) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].day < day { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
