import HabitStore
import HabitSync
import Logging

/// Group commit: writes from concurrent requests (any accounts) that arrive while a transaction
/// is running are committed together in the next one, so one disk sync serves many requests.
/// A request is answered only after its transaction committed, or with a 503 when it failed or
/// took longer than the deadline: a commit that never returns (a connection the database ended
/// mid-statement) must not hold every later write of every account behind it.
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
    logger: Logger = Logger(label: "habitflow.writes"), metrics: ServerMetrics = ServerMetrics()
  ) {
    self.store = store
    self.metrics = metrics
    self.deadline = deadline
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

  private func drain() async {
    while !jobs.isEmpty {
      var batch: [Job] = []
      for job in jobs {
        if let generation = job.generation, let failed = poisoned[job.account],
          generation <= failed
        {
          job.continuation.resume(throwing: APIError.unavailable)
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
      do {
        let results = try await Deadline.run(within: deadline) {
          try await store.apply(groups: groups, visits: visits)
        }
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
