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
    let continuation: CheckedContinuation<BatchResult, any Error>
  }

  private let store: HabitStore
  private let deadline: Duration
  private let logger: Logger
  private var jobs: [Job] = []
  private var draining = false
  /// When the transaction now running began.
  private var runningSince: ContinuousClock.Instant?
  /// Why the last group commit failed, until one succeeds.
  private var lastFailure: String?

  init(
    store: HabitStore, deadline: Duration = HabitServices.databaseDeadline,
    logger: Logger = Logger(label: "habitflow.writes")
  ) {
    self.store = store
    self.deadline = deadline
    self.logger = logger
  }

  /// Commits `changes` (possibly none) and the device visit of the sync call they came from.
  func commit(_ changes: [Change], account: String, visit: DeviceVisit? = nil) async throws
    -> BatchResult
  {
    try await withCheckedThrowingContinuation { continuation in
      jobs.append(
        Job(account: account, changes: changes, visit: visit, continuation: continuation))
      if !draining {
        draining = true
        Task { await self.drain() }
      }
    }
  }

  /// Why writes cannot be trusted to succeed right now, or nil when they can.
  func trouble() -> String? {
    if let runningSince, ContinuousClock.now - runningSince > deadline {
      return "a write has been running for more than \(deadline)"
    }
    return lastFailure
  }

  private func drain() async {
    while !jobs.isEmpty {
      let batch = jobs
      jobs = []
      runningSince = .now
      let store = self.store
      let groups = batch.map { ($0.account, $0.changes) }
      let visits = batch.compactMap { $0.visit }
      do {
        let results = try await Deadline.run(within: deadline) {
          try await store.apply(groups: groups, visits: visits)
        }
        lastFailure = nil
        for (job, result) in zip(batch, results) { job.continuation.resume(returning: result) }
      } catch {
        let reason = String(describing: error)
        lastFailure = reason
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
