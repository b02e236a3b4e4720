public import HabitSync

/// A client replica's bookkeeping as stored, read without any of its records: who it is, how far
/// it pulled, its clock and change counter, and which save wrote it.
public struct ReplicaState: Sendable, Hashable {
  public let device: String
  public let cursor: Int64
  public let clock: Stamp?
  public let nextChangeNumber: Int
  /// A token each save writes anew, so a file made from the replica (the CLI's snapshot) can
  /// tell whether it is from the latest save; empty when no save recorded one.
  public let generation: String
  /// Changes waiting in the outbox, as the last save counted them (nil before saves did).
  public let pending: Int?

  /// The state as stored under `state`'s names; nil when no replica is stored.
  init?(_ state: [String: String]) {
    guard let device = state["device"] else { return nil }
    self.device = device
    cursor = Int64(state["cursor"] ?? "") ?? 0
    clock = state["clock"].flatMap(Stamp.init(text:))
    nextChangeNumber = Int(state["nextChange"] ?? "") ?? 1
    generation = state["generation"] ?? ""
    pending = state["pending"].flatMap { Int($0) }
  }

  /// The rows a save writes for `replica`, under a new `generation`.
  static func rows(of replica: Replica, generation: String, pending: Int) -> [(String, String)] {
    [
      ("device", replica.device), ("cursor", String(replica.cursor)),
      ("clock", replica.clock.last.text), ("nextChange", String(replica.nextChangeNumber)),
      ("generation", generation), ("pending", String(pending)),
    ]
  }
}

/// Part of a stored replica as a load read it, with where each outbox change it read sits in
/// the stored outbox, so a save touches only the rows that changed.
public struct LoadedReplica: Sendable {
  public let replica: Replica
  public let scope: ReplicaScope
  public let state: ReplicaState
  /// The stored position of each outbox change read, by change id.
  let positions: [String: Int64]
}

/// What a save left stored.
public struct SavedReplica: Sendable, Hashable {
  /// The save's token (see `ReplicaState.generation`).
  public let generation: String
  /// Changes now waiting in the outbox.
  public let pending: Int
}
