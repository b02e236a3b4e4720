public import HabitCore
public import HabitSync

/// The replica opened for one command's edits: every action goes through its HabitCore rule,
/// and the changes it made are kept for the save.
public struct ReplicaSession: Sendable {
  public private(set) var replica: Replica
  /// Changes to merge into the stored fields: local edits and what a sync pulled.
  public private(set) var changes: [Change] = []
  public let today: Day
  public let wall: Int64

  init(replica: Replica, today: Day, wall: Int64) {
    self.replica = replica
    self.today = today
    self.wall = wall
  }

  public var tracker: Tracker { replica.tracker }

  public mutating func perform(_ action: Action) throws(CLIError) {
    do {
      changes += try replica.perform(action, wall: wall, today: today)
    } catch {
      throw CLIError(error)
    }
  }

  /// Runs `edit` on the replica itself (an import, a sync) and keeps the changes it reports.
  public mutating func edit<Result>(
    _ edit: (inout Replica) throws(CLIError) -> (result: Result, changes: [Change])
  ) throws(CLIError) -> Result {
    let (result, made) = try edit(&replica)
    changes += made
    return result
  }
}
