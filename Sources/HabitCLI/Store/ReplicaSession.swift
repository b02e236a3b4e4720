public import HabitCore
public import HabitStore
public import HabitSync

/// The replica opened for one command's edits: every action goes through its HabitCore rule,
/// and the changes it made are kept for the save. Only the part of the replica an edit reaches
/// is read (the habit's record and entries, the settings and the outbox changes to them), with
/// the snapshot's tracker as the projection of the rest, so a write costs the change rather
/// than the history. Without a snapshot from the latest save, everything is read.
public struct ReplicaSession: Sendable {
  private let replicas: ReplicaStore
  /// The stored replica's bookkeeping; nil when none is stored yet.
  let state: ReplicaState?
  /// The tracker as the latest save projected it, from the snapshot.
  private let projection: Tracker?
  /// The first weekday the snapshot holds, until a part of the replica is read.
  private var projectedFirstWeekday = Weekday.monday
  /// What was read, as read (nil before anything is, and for a new replica).
  private(set) var loaded: LoadedReplica?
  /// The replica being edited: what was read, with the edits made since.
  private var working: Replica?
  /// The actions performed since the last read, to run again on a wider one.
  private var actions: [Action] = []
  /// Whether something other than an action edited the replica (it cannot be run again).
  private var editedDirectly = false
  /// Changes to merge into the stored fields: local edits and what a sync pulled.
  public private(set) var changes: [Change] = []
  public let today: Day
  public let wall: Int64

  private init(
    replicas: ReplicaStore, state: ReplicaState?, projection: Tracker?, today: Day, wall: Int64
  ) {
    self.replicas = replicas
    self.state = state
    self.projection = projection
    self.today = today
    self.wall = wall
  }

  /// Opens the replica in `replicas`, a new one when none is stored, taking the snapshot at
  /// `snapshot` as its projection when the latest save wrote it.
  static func open(
    _ replicas: ReplicaStore, snapshot: String, today: Day, wall: Int64,
    newDevice: () -> String
  ) async throws(CLIError) -> ReplicaSession {
    let state = try await reading { try await replicas.state() }
    guard let state else {
      var session = ReplicaSession(
        replicas: replicas, state: nil, projection: nil, today: today, wall: wall)
      session.working = Replica(device: newDevice())
      return session
    }
    var projection: Tracker?
    var firstWeekday = Weekday.monday
    if !state.generation.isEmpty, let file = SnapshotFile(path: snapshot),
      file.generation == state.generation, file.device == state.device
    {
      projection = file.tracker(since: { _ in nil })
      firstWeekday = file.firstWeekday
    }
    var session = ReplicaSession(
      replicas: replicas, state: state, projection: projection, today: today, wall: wall)
    session.projectedFirstWeekday = firstWeekday
    if projection == nil { try await session.read(.everything) }
    return session
  }

  /// The tracker as it stands, edits included.
  public var tracker: Tracker {
    guard let tracker = working?.tracker ?? projection else {
      preconditionFailure("a session holds a replica or the snapshot's tracker")
    }
    return tracker
  }

  /// The day the person's weeks begin on (every setting is read with any part of the replica).
  public var firstWeekday: Weekday { working?.firstWeekday ?? projectedFirstWeekday }

  /// This replica's device id (ids of new records are made from it).
  public var device: String { working?.device ?? state?.device ?? "" }

  /// The number the next change will take (ids made from it stay unique to this device).
  public var nextChangeNumber: Int { working?.nextChangeNumber ?? state?.nextChangeNumber ?? 1 }

  /// The server sequence the replica has pulled up to.
  public var cursor: Int64 { working?.cursor ?? state?.cursor ?? 0 }

  /// Performs an action through its HabitCore rule, reading first the part of the replica it
  /// reaches when that was not read.
  public mutating func perform(_ action: Action) async throws(CLIError) {
    try await read(action.habitsReached.map { .habits($0) } ?? .everything)
    do {
      changes += try working?.perform(action, wall: wall, today: today) ?? []
    } catch {
      throw CLIError(error)
    }
    actions.append(action)
  }

  /// Runs `edit` on the part of the replica `scope` names (an import, a sync) and keeps the
  /// changes it reports.
  public mutating func edit<Result>(
    _ scope: ReplicaScope = .everything,
    _ edit: (inout Replica) throws(CLIError) -> (result: Result, changes: [Change])
  ) async throws(CLIError) -> Result {
    try await read(scope)
    guard var replica = working else { preconditionFailure("read sets the working replica") }
    editedDirectly = true
    let (result, made) = try edit(&replica)
    working = replica
    changes += made
    return result
  }

  /// The part of the replica `scope` names, as it stands.
  public mutating func replica(_ scope: ReplicaScope = .everything) async throws(CLIError)
    -> Replica
  {
    try await read(scope)
    guard let working else { preconditionFailure("read sets the working replica") }
    return working
  }

  /// Reads what `scope` names when it was not read yet. A wider read after edits reads the
  /// union and performs the same actions again: with the same wall time, day and stored clock
  /// they make the same changes.
  private mutating func read(_ scope: ReplicaScope) async throws(CLIError) {
    guard let state else { return }
    if let loaded, loaded.scope.covers(scope) { return }
    precondition(!editedDirectly, "a session's direct edit reads everything it needs first")
    let wanted = loaded.map { $0.scope.union(scope) } ?? scope
    let read = try await Self.reading { [replicas, projection] in
      try await replicas.load(wanted, of: state, projection: projection)
    }
    loaded = read
    working = read.replica
    changes = []
    let performed = actions
    actions = []
    for action in performed { try await perform(action) }
  }

  /// Whether there is anything to save: changes, a sync's cursor or acknowledgements, a new
  /// replica, or a snapshot that is not the latest save's.
  var needsSave: Bool {
    guard let working else { return false }
    return !changes.isEmpty || working.cursor != loaded?.replica.cursor
      || working.outbox != loaded?.replica.outbox || state == nil
      || working.nextChangeNumber == 1 || projection == nil
  }

  /// Saves what changed since the replica was read and returns what the new snapshot shows;
  /// nil when nothing was read.
  func save() async throws(CLIError) -> (Replica, SavedReplica)? {
    guard let working else { return nil }
    let (replicas, changes, loaded) = (self.replicas, self.changes, self.loaded)
    let saved = try await Self.reading(saving: true) {
      try await replicas.save(working, changes: changes, over: loaded)
    }
    return (working, saved)
  }

  private static func reading<Value: Sendable>(
    saving: Bool = false, _ body: @Sendable () async throws -> Value
  ) async throws(CLIError) -> Value {
    do {
      return try await body()
    } catch {
      throw CLIError(
        saving ? "Could not save the replica: \(error)" : "Could not read the replica: \(error)",
        code: "data_folder", exit: .failure)
    }
  }
}
