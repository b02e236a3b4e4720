import HabitCore
import HabitSync
import PropertyBased
import Testing

@Suite struct TrustedLoadTests {
  /// What a server stores for a random history of several devices' edits: the winning change per
  /// field (in the order they won), as the store holds them.
  private static func storedWinners(seed: Int, devices: Int, edits: Int) -> [Change] {
    var random = SplitMix(state: UInt64(seed))
    var replicas = (0..<devices).map { Replica(device: "device-\($0)") }
    var winners: [FieldKey: Change] = [:]
    var order: [FieldKey] = []
    var wall = noon
    for _ in 0..<edits {
      wall += Int64.random(in: -2_000...5_000, using: &random)
      let index = Int.random(in: 0..<devices, using: &random)
      if Int.random(in: 0..<4, using: &random) == 0 {
        // Devices see each other's edits now and then, so later edits build on them.
        let source = Int.random(in: 0..<devices, using: &random)
        try? replicas[index].receive(replicas[source].fieldChanges, wall: wall)
        continue
      }
      for change in ConvergenceTests.randomEdit(&replicas[index], &random, wall: wall)
      where Merge.wins(change, over: winners[change.field]?.state, field: change.field.field) {
        if winners[change.field] == nil { order.append(change.field) }
        winners[change.field] = change
      }
    }
    return order.compactMap { winners[$0] }
  }

  @Test func trustedLoadBuildsExactlyTheReplicaThatMergingTheStoredRowsBuilds() async {
    await propertyCheck(count: 400, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 1...4)) {
      seed, devices in
      // Seconds of CPU in all: each case lets the other tests' awaits run first.
      await Task.yield()
      let rows = Self.storedWinners(seed: seed, devices: devices, edits: 120)
      var random = SplitMix(state: UInt64(seed) &+ 1)
      var merged = Replica(device: "server-1")
      var start = 0
      while start < rows.count {
        let end = min(rows.count, start + Int.random(in: 1...40, using: &random))
        #expect(throws: Never.self) {
          try merged.pull(Array(rows[start..<end]), cursor: Int64(end), wall: noon + 86_400_000)
        }
        start = end
      }
      let trusted = Replica(
        trusting: rows.shuffled(using: &random), device: "server-1", cursor: Int64(rows.count))
      #expect(trusted.tracker == merged.tracker)
      #expect(trusted.records == merged.records)
      #expect(trusted.clock == merged.clock)
      #expect(trusted.cursor == merged.cursor)
      #expect(trusted.outbox == merged.outbox)
      #expect(trusted.nextChangeNumber == merged.nextChangeNumber)
      #expect(trusted.fieldChanges == merged.fieldChanges)
    }
  }

  @Test func trustedLoadOfNoRowsIsAnEmptyReplica() {
    let empty = Replica(trusting: [], device: "server-1", cursor: 0)
    let fresh = Replica(device: "server-1")
    #expect(empty.tracker == fresh.tracker)
    #expect(empty.records.isEmpty)
    #expect(empty.clock == fresh.clock)
  }

  @Test func aFieldReadTwiceAcrossPagesKeepsItsLaterRow() async {
    await propertyCheck(count: 100, input: Gen.int(in: 0...Int(Int32.max))) { seed in
      let rows = Self.storedWinners(seed: seed, devices: 2, edits: 60)
      var random = SplitMix(state: UInt64(seed))
      // A row rewritten while earlier pages were read comes again, later, with its new value.
      let older = rows.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }.map { row in
        Change(
          id: row.id + "-old", field: row.field, value: .text("older"),
          stamp: Stamp(wall: 1, counter: 0, device: row.stamp.device))
      }
      let twice = Replica(trusting: older + rows, device: "server-1", cursor: 9)
      let once = Replica(trusting: rows, device: "server-1", cursor: 9)
      #expect(twice.tracker == once.tracker)
      #expect(twice.records == once.records)
      #expect(twice.clock == once.clock)
    }
  }
}
