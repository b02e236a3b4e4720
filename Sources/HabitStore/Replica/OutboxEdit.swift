public import HabitSync

/// How an outbox moved since part of it was read: the stored rows whose change left it (a sync
/// acknowledged it, or a later change to its field replaced it) and the changes added after
/// every stored one. A save touches those rows only, however long the outbox is.
public struct OutboxEdit: Sendable, Equatable {
  /// The stored positions to delete, in runs of consecutive positions.
  public let removed: [ClosedRange<Int64>]
  /// Changes to append, in outbox order.
  public let appended: [Change]

  /// How many stored rows the edit deletes.
  public var removedCount: Int {
    removed.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 }
  }

  /// `positions` holds where each change read sits; `outbox` is the outbox now (those changes
  /// that stay, in any order, and new ones in the order they were queued).
  public init(from positions: [String: Int64], to outbox: [Change]) {
    var staying = Set<String>()
    var appended: [Change] = []
    for change in outbox {
      if positions[change.id] == nil {
        appended.append(change)
      } else {
        staying.insert(change.id)
      }
    }
    var runs: [ClosedRange<Int64>] = []
    for position in positions.filter({ !staying.contains($0.key) }).values.sorted() {
      if let last = runs.last, last.upperBound + 1 == position {
        runs[runs.count - 1] = last.lowerBound...position
      } else {
        runs.append(position...position)
      }
    }
    removed = runs
    self.appended = appended
  }
}
