import HabitCore
import HabitSync
import PropertyBased
import Testing

/// An in-memory stand-in for the server's store: the winning state per field and a sequence
/// raised on each accepted change (the SQL store is tested against the same rule in
/// HabitStoreTests).
private struct Relay {
  var fields: [FieldKey: (change: Change, sequence: Int64)] = [:]
  var sequence: Int64 = 0
  var acknowledged: [Change] = []

  mutating func sync(_ request: SyncRequest, pageSize: Int) -> SyncResponse {
    for change in request.changes {
      let current = fields[change.field]?.change.state
      if Merge.wins(change, over: current, field: change.field.field) {
        sequence += 1
        fields[change.field] = (change, sequence)
      }
      acknowledged.append(change)
    }
    let after = fields.values.filter { $0.sequence > request.cursor }.sorted {
      $0.sequence < $1.sequence
    }
    let page = after.prefix(pageSize)
    return SyncResponse(
      accepted: request.changes.count, refused: [], changes: page.map(\.change),
      cursor: page.last?.sequence ?? max(request.cursor, 0), hasMore: after.count > page.count)
  }
}

@Suite struct ConvergenceTests {
  private static let today = day("2026-11-22")

  /// One random edit a person could make on this replica (refused edits are simply skipped).
  static func randomEdit(_ replica: inout Replica, _ random: inout SplitMix, wall: Int64)
    -> [Change]
  {
    guard let action = randomAction(replica, &random) else { return [] }
    return (try? replica.perform(action, wall: wall, today: today)) ?? []
  }

  /// One random action a person could take on this replica (nil when it has nothing to act on).
  static func randomAction(_ replica: Replica, _ random: inout SplitMix) -> Action? {
    let ids: [HabitID] = ["a", "b", "c", "d"]
    let id = ids[Int.random(in: 0..<ids.count, using: &random)]
    let dayOffset = Int.random(in: 0..<6, using: &random)
    let when = today.advanced(by: -dayOffset)
    let categories: [CategoryID] = ["health", "work", "garden"]
    let action: Action
    switch Int.random(in: 0..<20, using: &random) {
    case 0, 1:
      let measures: [Measure] = [
        .done, .count(step: 1, target: 3), .quantity(target: Amount(2), unit: "l"),
      ]
      action = .addHabit(
        makeHabit(id, title: "Habit \(id.rawValue)", start: "2026-11-10") {
          $0.measure = measures[Int.random(in: 0..<3, using: &random)]
          $0.category = categories[Int.random(in: 0..<2, using: &random)]
        })
    case 2:
      guard var habit = replica.tracker.habit(id) else { return nil }
      habit.title = "Edited \(Int.random(in: 0..<100, using: &random))"
      habit.isPinned.toggle()
      action = .updateHabit(habit)
    case 3: action = .complete(id, when)
    case 4: action = .uncomplete(id, when)
    case 5, 6: action = .addCount(id, when, times: Int.random(in: -1...3, using: &random))
    case 7: action = .logAmount(id, when, Amount(Int.random(in: 0...4, using: &random)))
    case 8: action = .skip(id, when, Bool.random(using: &random))
    case 9: action = .setNote(id, when, "note \(Int.random(in: 0..<10, using: &random))")
    case 10 where Int.random(in: 0..<3, using: &random) == 0: action = .deleteHabit(id)
    case 11:
      action = .moveStart(id, day("2026-11-10").advanced(by: Int.random(in: 0...8, using: &random)))
    case 12: action = .addCategory("garden", "Garden")
    case 13 where Int.random(in: 0..<3, using: &random) == 0:
      action = .deleteCategory(categories[Int.random(in: 0..<3, using: &random)])
    case 14: action = .reorder(ids.shuffled(using: &random))
    default: action = .tap(id, when)
    }
    return action
  }

  @Test func replicasConvergeUnderAnyDeliveryOrderWithDuplicatesAndResends() async {
    await propertyCheck(count: 1500, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 3...5)) {
      seed, count in
      // Each case gives the cooperative pool's two threads back for a moment: the whole check
      // takes seconds of CPU, which would stall every other test's awaits (database deadlines).
      await Task.yield()
      var random = SplitMix(state: UInt64(seed))
      var replicas = (0..<count).map { Replica(device: "device-\($0)") }
      var relay = Relay()
      var made: [Change] = []
      var wall = noon
      for _ in 0..<80 {
        wall += Int64.random(in: -2_000...5_000, using: &random)
        let index = Int.random(in: 0..<count, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
          made += Self.randomEdit(&replicas[index], &random, wall: wall)
        case 6, 7:
          // A sync whose reply may be lost: the server keeps the changes, the client re-sends.
          let request = replicas[index].syncRequest(limit: Int.random(in: 1...8, using: &random))
          let response = relay.sync(request, pageSize: Int.random(in: 1...10, using: &random))
          if Bool.random(using: &random) {
            #expect(throws: Never.self) {
              try replicas[index].complete(request, with: response, wall: wall)
            }
          }
        default:
          // Peer-to-peer delivery of a random, shuffled selection with duplicates.
          let source = Int.random(in: 0..<count, using: &random)
          var batch = replicas[source].fieldChanges.filter { _ in Bool.random(using: &random) }
          batch += batch.prefix(2)
          batch.shuffle(using: &random)
          #expect(throws: Never.self) { try replicas[index].receive(batch, wall: wall) }
        }
      }
      // Everyone syncs until nothing is left to send or pull.
      for _ in 0..<50 {
        var busy = false
        for index in 0..<count {
          let request = replicas[index].syncRequest(limit: 7)
          let response = relay.sync(request, pageSize: 9)
          try! replicas[index].complete(request, with: response, wall: wall)
          busy = busy || !request.changes.isEmpty || response.hasMore
        }
        if !busy { break }
      }
      for replica in replicas.dropFirst() {
        #expect(replica.tracker == replicas[0].tracker)
        #expect(replica.records == replicas[0].records)
      }
      // No acknowledged change is lost: each one's field holds it or something that outranks it.
      for change in relay.acknowledged + made {
        let held = replicas[0].records[change.field.record]?[change.field.field]
        let stored = Change(
          id: held?.changeID ?? "", field: change.field, value: held?.value ?? .null,
          stamp: held?.stamp ?? Stamp(wall: 0, counter: 0, device: "z"))
        #expect(held != nil && stored.rank >= change.rank)
      }
    }
  }
}
