import HabitCore
import HabitStore
import HabitSync
import Synchronization

/// One account's state in this server process: a replica kept current by pulling the rows other
/// writers (sync clients, other server processes) committed. REST reads use its tracker; REST
/// writes perform HabitCore actions on it, so they turn into changes exactly as on a client.
actor Workspace {
  let account: String
  private var replica: Replica
  private let store: HabitStore
  private let writer: WriteQueue
  private let clock: WallClock
  private let exclusive: Bool
  private let metrics: ServerMetrics
  private let loads: AccountLoadGate
  private var loaded = false

  init(
    account: String, device: String, store: HabitStore, writer: WriteQueue, clock: WallClock,
    exclusive: Bool, metrics: ServerMetrics = ServerMetrics(),
    loads: AccountLoadGate = AccountLoadGate(width: 2)
  ) {
    self.account = account
    self.metrics = metrics
    self.loads = loads
    self.exclusive = exclusive
    replica = Replica(device: device)
    self.store = store
    self.writer = writer
    self.clock = clock
  }

  /// Refresh rounds begun and finished. Requests that arrive while a round runs share the next
  /// one: it begins after they arrived, so it sees every write acknowledged before them, and a
  /// busy account costs one query per round instead of one per request.
  private var roundsBegun = 0
  private var roundsFinished = 0
  private var round: Task<Void, any Error>?

  /// Raised whenever the replica is replaced, so a refresh round begun on the old one stops
  /// instead of filling the new one from the middle of the account's rows.
  /// Changes are committed with it: the write queue refuses those built on a replica that held a
  /// failed batch. Drawn from one counter for all workspaces, so an account's next workspace
  /// (after this one was dropped from the cache) never reuses one.
  private var generation = Workspace.generations.add(1, ordering: .relaxed).newValue
  private static let generations = Atomic<Int>(0)
  /// Every commit's number, those still in flight, and those that failed (kept while a request
  /// may still wait on them): a request whose answer rests on another's commit waits for it, and
  /// a rebuild waits for every commit in flight.
  private var commitsStarted = 0
  private var unfinished = Set<Int>()
  private var failedCommits = Set<Int>()
  private var waitingForCommits: [(upTo: Int, failed: CheckedContinuation<Bool, Never>)] = []
  /// A commit failed: the replica holds changes the database may not, so it is rebuilt from the
  /// database once the commits in flight have settled (they may still succeed).
  private var stale = false
  /// Changes committed by others while the whole account is being read.
  private var absorbedWhileLoading: [Change] = []

  /// Brings the replica up to date with the database: rebuilt after a failed commit, then the
  /// rows committed since it last looked (once only when this process is the only writer: then
  /// every later write reaches the replica directly).
  private func refresh() async throws {
    repeat {
      while stale {
        if !unfinished.isEmpty {
          _ = await commitsFinished(upTo: commitsStarted)
          continue
        }
        stale = false
        generation = Self.generations.add(1, ordering: .relaxed).newValue
        replica = Replica(device: replica.device)
        absorbedWhileLoading = []
        loaded = false
      }
      if exclusive && loaded { return }
      let needed = roundsBegun + 1
      while roundsFinished < needed {
        if let round {
          _ = try? await round.value
          continue
        }
        roundsBegun += 1
        let number = roundsBegun
        let task = Task { try await self.pullRows(round: number) }
        round = task
        try await task.value
      }
      // Another request may have rebuilt the replica while this one waited for a round: never
      // answer from one that is not loaded.
    } while stale || !loaded
  }

  private func pullRows(round number: Int) async throws {
    defer { round = nil }
    let started = generation
    // A whole account is read only after the loads ahead of it finished; a refresh of a loaded
    // one (a few new rows) never waits for them.
    let whole = !loaded
    if whole { await loads.enter() }
    defer { if whole { loads.leave() } }
    let loading = whole ? ContinuousClock.now : nil
    if whole {
      // Every row, in large pages, trusted as the store took it and built into a replica once;
      // changes committed meanwhile were kept by `absorb` and merge on top.
      var changes: [Change] = []
      var cursor: Int64 = 0
      while true {
        let (store, account, after) = (self.store, self.account, cursor)
        let page = try await Deadline.run(within: HabitServices.databaseDeadline) {
          try await store.rows(after: after, limit: HabitStore.loadPageSize, account: account)
        }
        guard generation == started else { return }
        changes += page.changes
        cursor = page.cursor
        if !page.hasMore { break }
      }
      // Change numbers start from the clock: a run this replica names is never one an earlier
      // load named, whose row may still be on its way.
      replica = Replica(
        trusting: changes, device: replica.device, outbox: [], cursor: cursor, clock: nil,
        nextChangeNumber: Int(clock.now()))
      let absorbed = absorbedWhileLoading
      absorbedWhileLoading = []
      do {
        if !absorbed.isEmpty { try replica.receive(absorbed, wall: clock.now()) }
      } catch {
        stale = true
      }
    } else {
      while true {
        let (store, cursor, account) = (self.store, replica.cursor, self.account)
        // Shorter than the engine's own deadline: requests waiting for this round must get an
        // answer, and writes must resume, within five seconds of PostgreSQL dropping connections.
        let page = try await Deadline.run(within: HabitServices.databaseDeadline) {
          try await store.rows(after: cursor, limit: 5_000, account: account)
        }
        // The replica was replaced while this page was read: the next round starts over.
        guard generation == started else { return }
        if !page.changes.isEmpty {
          try replica.pull(page.changes, cursor: page.cursor, wall: clock.now())
        }
        if !page.hasMore { break }
      }
    }
    loaded = true
    if let loading {
      metrics.accountLoad.recordNanoseconds(ServerMetrics.nanoseconds(.now - loading))
    }
    roundsFinished = max(roundsFinished, number)
  }

  /// Merges changes committed outside this workspace (sync calls, restores).
  /// While a round is loading the replica, they are kept and merged into what it loads: the
  /// round may have read the rows before they were committed.
  func absorb(_ changes: [Change]) {
    guard loaded || round != nil, !stale else { return }
    if !loaded {
      absorbedWhileLoading += changes
      return
    }
    do {
      try replica.receive(changes, wall: clock.now())
    } catch {
      stale = true
    }
  }

  /// Something was committed (or may yet be) that this replica cannot know: rebuild it.
  func invalidate() {
    stale = true
  }

  /// Reads the current tracker.
  func read<Result: Sendable>(_ body: @Sendable (Tracker, Replica) throws -> Result) async throws
    -> Result
  {
    try await refresh()
    return try body(replica.tracker, replica)
  }

  /// Performs an action and commits its changes; answers once they are durable, with `respond`
  /// applied to the tracker as it stood right after the action. The in-memory state moves on at
  /// once (in place: no copy of the account's history), so concurrent requests build on each
  /// other and share a commit.
  func perform<Result: Sendable>(
    _ action: Action, today: Day, respond: @Sendable (Tracker) throws -> Result
  ) async throws -> Result {
    try await perform(
      today: today, decide: { _ in (action, ()) }, respond: { tracker, _ in try respond(tracker) })
  }

  /// Decides the action from the tracker as it stands and performs it in one step, so an edit
  /// that lands in between cannot be silently undone by an action built on an older read.
  /// `decide` may also note what the answer needs from the state before the action.
  func perform<Decision, Result: Sendable>(
    today: Day, decide: @Sendable (Tracker) throws -> (Action, Decision),
    respond: @Sendable (Tracker, Decision) throws -> Result
  ) async throws -> Result {
    try await refresh()
    let (action, decision) = try decide(replica.tracker)
    let changes: [Change]
    do {
      changes = try replica.perform(action, wall: clock.now(), today: today)
    } catch {
      throw APIError.rule(error)
    }
    replica.acknowledge(Set(changes.map { $0.id }))
    let result = try respond(replica.tracker, decision)
    try await commit(changes)
    return result
  }

  /// Edits the replica in one step that changes everything or nothing (an import, a restore)
  /// and commits what it recorded as one batch, as `perform` does for an action. An import
  /// (`large`) commits on its own with the write queue's import deadline, not a request's.
  func edit<Result: Sendable>(
    large: Bool = false, _ edit: @Sendable (inout Replica, Int64) throws -> Result
  ) async throws -> Result {
    try await refresh()
    let queued = Set(replica.outbox.map { $0.id })
    let result = try edit(&replica, clock.now())
    let changes = replica.outbox.filter { !queued.contains($0.id) }
    replica.acknowledge(Set(changes.map { $0.id }))
    try await commit(changes, large: large)
    return result
  }

  /// Commits changes already applied to the replica; answers once they are durable. A write
  /// that changed nothing (the same tap sent twice at once) may still answer with what another
  /// request's commit holds: it answers once the commits begun before it are durable, and fails
  /// as they do, so no write is acknowledged before the database holds it. (Reads answer from
  /// the replica, commits in flight included.)
  private func commit(_ changes: [Change], large: Bool = false) async throws {
    guard !changes.isEmpty else {
      if await commitsFinished(upTo: commitsStarted) { throw APIError.unavailable }
      return
    }
    commitsStarted += 1
    let number = commitsStarted
    unfinished.insert(number)
    defer {
      unfinished.remove(number)
      let oldest = unfinished.min() ?? Int.max
      waitingForCommits.removeAll { waiter in
        guard waiter.upTo < oldest else { return false }
        waiter.failed.resume(returning: failedCommits.contains { $0 <= waiter.upTo })
        return true
      }
      if unfinished.isEmpty { failedCommits = [] }
    }
    do {
      if large {
        _ = try await writer.commitImport(changes, account: account, generation: generation)
      } else {
        _ = try await writer.commit(changes, account: account, generation: generation)
      }
    } catch {
      // The database refused: what this replica assumed is rebuilt from what was committed.
      stale = true
      failedCommits.insert(number)
      throw error
    }
  }

  /// Waits until every commit up to `last` has finished; whether one of them failed. (One that
  /// failed before a request began made the replica stale, and its refresh rebuilt it.)
  private func commitsFinished(upTo last: Int) async -> Bool {
    guard let oldest = unfinished.min(), oldest <= last else { return false }
    return await withCheckedContinuation { waitingForCommits.append((last, $0)) }
  }

  /// Performs an action whose answer needs nothing from the tracker.
  func perform(_ action: Action, today: Day) async throws {
    try await perform(action, today: today) { _ in () }
  }
}

/// The workspaces of recently active accounts, least recently used dropped first. A lock rather
/// than an actor: finding an account's workspace costs no hop to another executor.
final class Workspaces: Sendable {
  private let open = Mutex<[String: (workspace: Workspace, used: UInt64)]>([:])
  private let uses = Atomic<UInt64>(0)
  private let limit: Int
  private let metrics: ServerMetrics
  private let make: @Sendable (String) -> Workspace

  init(
    limit: Int, metrics: ServerMetrics = ServerMetrics(),
    make: @escaping @Sendable (String) -> Workspace
  ) {
    self.limit = limit
    self.metrics = metrics
    self.make = make
  }

  func workspace(_ account: String) -> Workspace {
    let use = uses.add(1, ordering: .relaxed).newValue
    let limit = self.limit
    let make = self.make
    let metrics = self.metrics
    return open.withLock { open in
      if let existing = open[account] {
        open[account] = (existing.workspace, use)
        metrics.cacheHits.increment()
        return existing.workspace
      }
      metrics.cacheMisses.increment()
      if open.count >= limit, let oldest = open.min(by: { $0.value.used < $1.value.used }) {
        open[oldest.key] = nil
        metrics.cacheEvictions.increment()
      }
      let created = make(account)
      open[account] = (created, use)
      metrics.cachedAccounts.record(open.count)
      return created
    }
  }

  /// The account's workspace if it is open.
  func existing(_ account: String) -> Workspace? {
    open.withLock { $0[account]?.workspace }
  }

  /// Forgets an account (deleted).
  func drop(_ account: String) {
    let metrics = self.metrics
    open.withLock { open in
      open[account] = nil
      metrics.cachedAccounts.record(open.count)
    }
  }
}
