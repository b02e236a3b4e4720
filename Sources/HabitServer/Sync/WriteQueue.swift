import HabitStore
import HabitSync
import Logging
import ServiceLifecycle

/// Group commit: writes from concurrent requests (any accounts) that arrive while a transaction
/// is running are committed together in the next one, so one disk sync serves many requests.
/// A request is answered only after its transaction committed, or with a 503 when it failed or
/// took longer than the deadline: a commit that never returns (a connection the database ended
/// mid-statement) must not hold every later write of every account behind it.
///
/// A 503 means "not saved": a transaction whose requests stopped waiting rolls back instead of
/// committing (its `CommitTicket`); only when its COMMIT was already under way do they wait for
/// it a while longer. So a client's retry never doubles an "add one" tap, and a sync retry is a
/// no-op in any case (the same change twice changes nothing).
///
/// An import commits on its own, with a much longer bound (`importDeadline`), beside the group
/// commits; the importing account's other writes wait for it, so none is saved ahead of an
/// import that then fails.
actor WriteQueue {
  private struct Job {
    let account: String
    let changes: [Change]
    let visit: DeviceVisit?
    /// The generation of the account workspace's replica the changes were built on (REST), which
    /// may hold a failed batch's changes; nil for a client's own changes (sync).
    let generation: Int?
    let continuation: CheckedContinuation<BatchResult, any Error>
  }

  private let store: HabitStore
  private let deadline: Duration
  /// How long an import's commit may take (its caller waits this long, nobody else does).
  let importDeadline: Duration
  /// How long every write may keep failing, or one keep running, before the server calls itself
  /// unhealthy so its supervisor restarts it.
  private let wedgedAfter: Duration
  /// When the failures since the last successful group commit began, and the latest of them.
  private var failing: (since: ContinuousClock.Instant, latest: ContinuousClock.Instant)?
  /// Accounts with an import being committed, and the writes for them that wait for it.
  private var importing: [String: Int] = [:]
  private var held: [Job] = []
  private let logger: Logger
  private let metrics: ServerMetrics
  private var jobs: [Job] = []
  private var draining = false
  /// When the transaction now running began.
  private var runningSince: ContinuousClock.Instant?
  /// Why the last group commit failed and when; readiness reports it for a while.
  private var lastFailure: (reason: String, at: ContinuousClock.Instant)?
  /// Per account, the newest workspace generation whose batch failed: changes built on it or an
  /// older one are refused, so a later batch never saves what an earlier one was answered 503
  /// for; the workspace's rebuild from the database starts a new generation.
  private var poisoned: [String: Int] = [:]

  init(
    store: HabitStore, deadline: Duration = HabitServices.databaseDeadline,
    importDeadline: Duration = HabitServices.importDeadline,
    wedgedAfter: Duration = HabitServices.wedgedAfter,
    logger: Logger = Logger(label: "habitflow.writes"), metrics: ServerMetrics = ServerMetrics()
  ) {
    self.store = store
    self.metrics = metrics
    self.deadline = deadline
    self.importDeadline = importDeadline
    self.wedgedAfter = wedgedAfter
    self.logger = logger
  }

  /// Commits `changes` (possibly none) and the device visit of the sync call they came from.
  /// `generation` is the workspace replica's the changes were built on (REST); nil for sync.
  func commit(
    _ changes: [Change], account: String, visit: DeviceVisit? = nil, generation: Int? = nil
  ) async throws -> BatchResult {
    try await withCheckedThrowingContinuation { continuation in
      jobs.append(
        Job(
          account: account, changes: changes, visit: visit, generation: generation,
          continuation: continuation))
      if !draining {
        draining = true
        Task { await self.drain() }
      }
    }
  }

  /// Why writes cannot be trusted to succeed right now, or nil when they can: a commit running
  /// past the deadline, or a failure in the last few seconds (long enough for a load balancer to
  /// look, short enough that a server nobody writes to becomes ready again).
  func trouble() -> String? {
    if let runningSince, ContinuousClock.now - runningSince > deadline {
      return "a write has been running for more than \(deadline)"
    }
    if let lastFailure, ContinuousClock.now - lastFailure.at < .seconds(5) {
      return lastFailure.reason
    }
    return nil
  }

  /// Why the server should be restarted, or nil: every write has failed for `wedgedAfter`, or
  /// one has been running that long. (A store that refuses every write until a restart must not
  /// look healthy to the supervisor that could restart it.)
  func wedged() -> String? {
    if let runningSince, ContinuousClock.now - runningSince > wedgedAfter {
      return "a write has been running for more than \(wedgedAfter)"
    }
    if let failing, failing.latest - failing.since >= wedgedAfter {
      return "every write has failed for \(failing.latest - failing.since)"
    }
    return nil
  }

  /// Commits an import's changes (one account's, possibly hundreds of thousands) all or
  /// nothing, waiting up to `importDeadline`; the account's other writes wait for it.
  func commitImport(_ changes: [Change], account: String, generation: Int) async throws
    -> BatchResult
  {
    if let failed = poisoned[account], generation <= failed { throw APIError.unavailable }
    importing[account, default: 0] += 1
    defer { release(account) }
    let (store, limit) = (self.store, importDeadline)
    let ticket = CommitTicket()
    let attempt = Task {
      try await store.applyLarge(changes, account: account, within: limit, ticket: ticket)
    }
    // A stop (SIGTERM) gives requests only seconds, and an import may need minutes: one not yet
    // at its COMMIT rolls back and is answered at once, so the person is told it was not saved
    // rather than left with a dropped connection. One past its COMMIT is waited for.
    let stop = Deadline.EarlyStop()
    do {
      let result = try await withGracefulShutdownHandler {
        try await settle(attempt, ticket: ticket, within: limit, stoppedBy: stop)
      } onGracefulShutdown: {
        if ticket.abandon() { stop.stop(with: ServerStopping()) }
      }
      poisoned[account] = nil
      return result
    } catch is ServerStopping {
      logger.notice(
        "an import was rolled back for the server's stop; it is answered 503",
        metadata: ["changes": "\(changes.count)"])
      throw APIError.restarting
    } catch {
      poisoned[account] = max(poisoned[account] ?? generation, generation)
      logger.error(
        "an import's commit failed; it is answered 503",
        metadata: ["changes": "\(changes.count)", "error": "\(ErrorSummary.of(error))"])
      throw APIError.unavailable
    }
  }

  /// Lets the writes that waited for the account's import go on.
  private func release(_ account: String) {
    importing[account, default: 1] -= 1
    guard importing[account] == 0 else { return }
    importing[account] = nil
    let waiting = held.filter { $0.account == account }
    held.removeAll { $0.account == account }
    jobs += waiting
    if !jobs.isEmpty, !draining {
      draining = true
      Task { await self.drain() }
    }
  }

  /// The outcome of a transaction begun with `ticket`, waiting up to `limit`: past it the
  /// transaction is told to roll back, unless its COMMIT is under way, which is waited for once
  /// more (a disk sync, or a database that no longer answers).
  private func settle<Result: Sendable>(
    _ attempt: Task<Result, any Error>, ticket: CommitTicket, within limit: Duration,
    stoppedBy stop: Deadline.EarlyStop? = nil
  ) async throws -> Result {
    do {
      return try await Deadline.run(within: limit, stoppedBy: stop) { try await attempt.value }
    } catch let error as Deadline.Exceeded {
      if ticket.abandon() { throw error }
      return try await Deadline.run(within: limit) { try await attempt.value }
    } catch {
      // The attempt failed on its own; if a bound inside it gave up while its transaction goes
      // on, that transaction must roll back rather than commit after this answer.
      _ = ticket.abandon()
      throw error
    }
  }

  /// The server began to stop before an import reached its COMMIT.
  private struct ServerStopping: Error {}

  private func drain() async {
    while !jobs.isEmpty {
      var batch: [Job] = []
      for job in jobs {
        if let generation = job.generation, let failed = poisoned[job.account],
          generation <= failed
        {
          job.continuation.resume(throwing: APIError.unavailable)
        } else if importing[job.account] != nil {
          held.append(job)
        } else {
          batch.append(job)
        }
      }
      jobs = []
      if batch.isEmpty { continue }
      let started = ContinuousClock.now
      runningSince = started
      let store = self.store
      let groups = batch.map { ($0.account, $0.changes) }
      let visits = batch.compactMap { $0.visit }
      let ticket = CommitTicket()
      let attempt = Task { try await store.apply(groups: groups, visits: visits, ticket: ticket) }
      do {
        let results = try await settle(attempt, ticket: ticket, within: deadline)
        failing = nil
        metrics.groupCommit(
          batches: batch.count, changes: groups.reduce(0) { $0 + $1.1.count },
          duration: .now - started)
        for (job, result) in zip(batch, results) {
          if job.generation != nil { poisoned[job.account] = nil }
          job.continuation.resume(returning: result)
        }
      } catch {
        let reason = String(describing: error)
        metrics.groupCommitFailures.increment()
        lastFailure = (reason, .now)
        // Failures far apart with no write between them (a quiet night) are not one outage.
        let ongoing = failing.flatMap { ContinuousClock.now - $0.latest < wedgedAfter ? $0 : nil }
        failing = (ongoing?.since ?? started, .now)
        for job in batch {
          guard let generation = job.generation else { continue }
          poisoned[job.account] = max(poisoned[job.account] ?? generation, generation)
        }
        logger.error(
          "a group commit failed; its requests are answered 503",
          metadata: ["requests": "\(batch.count)", "error": "\(reason)"])
        for job in batch { job.continuation.resume(throwing: APIError.unavailable) }
      }
      runningSince = nil
    }
    draining = false
  }
}
