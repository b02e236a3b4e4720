import HabitCore
import HabitSync
import PropertyBased
import Testing

/// A local edit shows what its rules made without reading its entries back from the merged
/// fields when every change won; the screen must still show exactly what the fields hold.
@Suite struct ProjectionTests {
  private static let noon: Int64 = 1_795_348_800_000
  private static let today = Day(iso: "2026-11-22")!

  /// The replica as it opens from storage: everything projected from the merged fields.
  private static func reopened(_ replica: Replica) -> Replica {
    Replica(
      device: replica.device, fields: replica.fieldChanges, outbox: replica.outbox,
      cursor: replica.cursor, clock: nil, nextChangeNumber: replica.nextChangeNumber)
  }

  @Test func aReplicaShowsWhatItsMergedFieldsHoldAfterAnyEditsAndExchanges() async {
    await propertyCheck(count: 600, input: Gen.int(in: 0...Int(Int32.max))) { seed in
      // Seconds of CPU in all: each case lets the other tests' awaits run first.
      await Task.yield()
      var random = SplitMix(state: UInt64(seed))
      var replicas = [Replica(device: "phone"), Replica(device: "laptop")]
      var wall = Self.noon
      for _ in 0..<60 {
        wall += Int64.random(in: -1_000...4_000, using: &random)
        let index = Int.random(in: 0..<2, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1:
          // Some of the other device's fields arrive (taps undone on both add up below zero).
          let other = replicas[1 - index].fieldChanges.filter { _ in Bool.random(using: &random) }
          try? replicas[index].receive(other, wall: wall)
        case 2:
          // Several actions in one batch, as an import makes them: all or none apply.
          var actions: [Action] = []
          for _ in 0..<Int.random(in: 2...6, using: &random) {
            if let action = ConvergenceTests.randomAction(replicas[index], &random) {
              actions.append(action)
            }
          }
          _ = try? replicas[index].perform(actions, wall: wall, today: Self.today)
        default:
          _ = ConvergenceTests.randomEdit(&replicas[index], &random, wall: wall)
        }
        #expect(replicas[index].tracker == Self.reopened(replicas[index]).tracker)
      }
    }
  }

  @Test func aTapAfterTapsUndoneOnTwoDevicesShowsWhatTheFieldsAddUpTo() throws {
    let today = Day(iso: "2026-11-22")!
    let habit = Habit(
      id: "water", title: "Water", category: "health", measure: .count(step: 1, target: 3),
      startDay: today)
    var phone = Replica(device: "phone")
    var laptop = Replica(device: "laptop")
    try phone.perform(.addHabit(habit), wall: Self.noon, today: today)
    try laptop.receive(phone.fieldChanges, wall: Self.noon)
    try phone.perform(.addCount("water", today, times: 1), wall: Self.noon + 1, today: today)
    try laptop.receive(phone.fieldChanges, wall: Self.noon + 1)
    // Both undo the one tap before hearing of the other's undo: the counters add up to -1.
    try phone.perform(.addCount("water", today, times: -1), wall: Self.noon + 2, today: today)
    try laptop.perform(.addCount("water", today, times: -1), wall: Self.noon + 2, today: today)
    try phone.receive(laptop.fieldChanges, wall: Self.noon + 3)
    #expect(phone.tracker.log("water")[today]?.value ?? .zero == .zero)
    try phone.perform(.addCount("water", today, times: 1), wall: Self.noon + 4, today: today)
    #expect(phone.tracker == Self.reopened(phone).tracker)
  }
}
