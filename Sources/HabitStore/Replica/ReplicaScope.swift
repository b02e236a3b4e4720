public import HabitCore

/// Which part of a stored replica a load reads: every record, or only some habits' records (each
/// with every entry of theirs) and the settings, so a command that changes one habit reads that
/// habit rather than the whole history.
public struct ReplicaScope: Sendable, Hashable {
  /// The habits whose records are read; nil reads every record and the whole outbox.
  public let habits: Set<HabitID>?
  /// Whether every outbox change is read, not only those to the records read (a sync pushes and
  /// acknowledges any of them).
  public let wholeOutbox: Bool

  /// Every record and the whole outbox.
  public static let everything = ReplicaScope(habits: nil, wholeOutbox: true)

  /// No record, only the outbox: what a sync pushes.
  public static let outbox = ReplicaScope(habits: [], wholeOutbox: true)

  /// These habits' records, every entry of theirs, the settings, and the outbox changes to them
  /// (or the whole outbox).
  public static func habits(_ habits: Set<HabitID>, wholeOutbox: Bool = false) -> ReplicaScope {
    ReplicaScope(habits: habits, wholeOutbox: wholeOutbox)
  }

  public var isEverything: Bool { habits == nil }

  /// Whether everything `other` reads is read here too.
  public func covers(_ other: ReplicaScope) -> Bool {
    guard let habits else { return true }
    guard let others = other.habits else { return false }
    return others.isSubset(of: habits) && (wholeOutbox || !other.wholeOutbox)
  }

  /// What this and `other` read together.
  public func union(_ other: ReplicaScope) -> ReplicaScope {
    guard let habits, let others = other.habits else { return .everything }
    return ReplicaScope(
      habits: habits.union(others), wholeOutbox: wholeOutbox || other.wholeOutbox)
  }
}
