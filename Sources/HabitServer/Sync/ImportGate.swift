/// Bounds the bytes of imports being read and applied at once, so uploads sent together cannot
/// exhaust the server's memory: each waits its turn, first come first served, before its body is
/// read (the client's bytes stay in the socket meanwhile). An import larger than the whole budget
/// goes alone.
actor ImportGate {
  /// Bytes of uploads in flight at most: an upload is held twice while it is read (the body and
  /// its bytes), so the server's memory under any number of uploads stays near twice this.
  static let bytesInFlight = 64_000_000
  /// Imports that may wait at once; one more is told to come back later.
  static let waitingAtMost = 32

  struct Busy: Error {}

  private struct Waiter {
    let id: UInt64
    let weight: Int
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let budget: Int
  private let queueLimit: Int
  private var inFlight = 0
  private var waiting: [Waiter] = []
  private var next: UInt64 = 0

  init(budget: Int = ImportGate.bytesInFlight, queueLimit: Int = ImportGate.waitingAtMost) {
    self.budget = budget
    self.queueLimit = queueLimit
  }

  /// Runs `work` once `bytes` fit within the budget; throws `Busy` when too many already wait,
  /// and `CancellationError` when the request goes away while it waits.
  func withTurn<Result: Sendable>(
    bytes: Int, _ work: @Sendable () async throws -> Result
  ) async throws -> Result {
    let weight = min(max(bytes, 1), budget)
    try await enter(weight)
    do {
      let result = try await work()
      leave(weight)
      return result
    } catch {
      leave(weight)
      throw error
    }
  }

  /// Bytes of the imports under way (for tests and metrics).
  var bytesUnderWay: Int { inFlight }

  private func enter(_ weight: Int) async throws {
    if waiting.isEmpty, inFlight + weight <= budget {
      inFlight += weight
      return
    }
    guard waiting.count < queueLimit else { throw Busy() }
    next += 1
    let id = next
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          waiting.append(Waiter(id: id, weight: weight, continuation: continuation))
        }
      }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  private func leave(_ weight: Int) {
    inFlight -= weight
    admit()
  }

  private func cancel(_ id: UInt64) {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
    waiting.remove(at: index).continuation.resume(throwing: CancellationError())
    admit()
  }

  /// Lets in the waiters at the front of the line while they fit.
  private func admit() {
    while let first = waiting.first, inFlight + first.weight <= budget {
      waiting.removeFirst()
      inFlight += first.weight
      first.continuation.resume()
    }
  }
}
