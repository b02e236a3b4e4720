import Synchronization
import Testing

@testable import HabitServer

@Suite struct AccountLoadGateTests {
  private final class Order: Sendable {
    let entered = Mutex<[Int]>([])
  }

  @Test func loadsBeyondTheWidthWaitAndEnterInArrivalOrder() async throws {
    let gate = AccountLoadGate(width: 2)
    let order = Order()
    await gate.enter()
    await gate.enter()
    var waiting: [Task<Void, Never>] = []
    for number in 1...3 {
      waiting.append(
        Task {
          await gate.enter()
          order.entered.withLock { $0.append(number) }
        })
      // Each waiter queues before the next one starts.
      while order.entered.withLock({ $0.count }) == 0, gate.waitingCount < number {
        await Task.yield()
      }
    }
    try await Task.sleep(for: .milliseconds(50))
    #expect(order.entered.withLock { $0 }.isEmpty, "a load entered past the width")
    gate.leave()
    await waiting[0].value
    #expect(order.entered.withLock { $0 } == [1])
    gate.leave()
    gate.leave()
    await waiting[1].value
    await waiting[2].value
    #expect(order.entered.withLock { $0 } == [1, 2, 3])
  }
}
