import HabitStore
import HabitSync

/// Group commit: writes from concurrent requests (any accounts) that arrive while a transaction
/// is running are committed together in the next one, so one disk sync serves many requests.
/// A request is answered only after its transaction committed.
actor WriteQueue {
  private struct Job {
    let account: String
    let changes: [Change]
    let visit: DeviceVisit?
    let continuation: CheckedContinuation<BatchResult, any Error>
  }

  private let store: HabitStore
  private var jobs: [Job] = []
  private var draining = false

  init(store: HabitStore) {
    self.store = store
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

  private func drain() async {
    while !jobs.isEmpty {
      let batch = jobs
      jobs = []
      do {
        let results = try await store.apply(
          groups: batch.map { ($0.account, $0.changes) }, visits: batch.compactMap { $0.visit })
        for (job, result) in zip(batch, results) { job.continuation.resume(returning: result) }
      } catch {
        for job in batch { job.continuation.resume(throwing: error) }
      }
    }
    draining = false
  }
}
