public import HabitSync

/// How an outbox moved since it was stored, when it only lost changes from its front (a sync
/// acknowledged them) and gained new ones at its end: the rows a save must touch.
public struct OutboxEdit: Sendable, Equatable {
  /// Stored changes to delete, from the front.
  public let acknowledged: Int
  /// Changes to append after the stored ones that stay.
  public let appended: ArraySlice<Change>

  /// Nil when `outbox` is not `stored` less a prefix plus a suffix (then it is written whole).
  public init?(from stored: [Change], to outbox: [Change]) {
    let start =
      outbox.first.flatMap { first in stored.firstIndex { $0.id == first.id } } ?? stored.count
    let kept = stored[start...]
    guard kept.count <= outbox.count, kept.elementsEqual(outbox.prefix(kept.count)) else {
      return nil
    }
    acknowledged = start
    appended = outbox[kept.count...]
  }
}
