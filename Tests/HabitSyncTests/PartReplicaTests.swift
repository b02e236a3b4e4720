import HabitCore
import HabitSync
import PropertyBased
import Testing

/// A replica opened on the part an edit reaches (`Replica(part:of:…)`) must make the edit exactly
/// as the whole replica does: same changes, same projection, same records, same outbox.
@Suite struct PartReplicaTests {
  private static let today = day("2026-11-22")

  /// A device's replica after random edits of its own and another device's, some of them
  /// exchanged, with part of its outbox acknowledged now and then.
  private static func history(_ random: inout SplitMix) -> (mine: Replica, other: Replica) {
    var mine = Replica(device: "laptop")
    var other = Replica(device: "phone")
    var wall = noon
    for _ in 0..<Int.random(in: 10...80, using: &random) {
      wall += Int64.random(in: 1...3_000, using: &random)
      switch Int.random(in: 0..<10, using: &random) {
      case 0: try? mine.receive(other.fieldChanges, wall: wall)
      case 1: try? other.receive(mine.fieldChanges, wall: wall)
      case 2:
        mine.acknowledge(Set(mine.outbox.prefix(Int.random(in: 0...9, using: &random)).map(\.id)))
      case 3, 4, 5: _ = ConvergenceTests.randomEdit(&other, &random, wall: wall)
      default: _ = ConvergenceTests.randomEdit(&mine, &random, wall: wall)
      }
    }
    return (mine, other)
  }

  /// An action on one habit, as the faces make them.
  private static func action(on replica: Replica, _ random: inout SplitMix) -> Action {
    let id: HabitID = ["a", "b", "c", "d"][Int.random(in: 0..<4, using: &random)]
    let when = today.advanced(by: -Int.random(in: 0..<6, using: &random))
    switch Int.random(in: 0..<12, using: &random) {
    case 0: return .complete(id, when)
    case 1: return .uncomplete(id, when)
    case 2: return .addCount(id, when, times: Int.random(in: -1...3, using: &random))
    case 3: return .logAmount(id, when, Amount(Int.random(in: 0...4, using: &random)))
    case 4: return .skip(id, when, Bool.random(using: &random))
    case 5: return .setNote(id, when, "note \(Int.random(in: 0..<9, using: &random))")
    case 6: return .setPinned(id, Bool.random(using: &random))
    case 7: return .setArchived(id, Bool.random(using: &random))
    case 8:
      return .moveStart(id, day("2026-11-10").advanced(by: Int.random(in: 0...8, using: &random)))
    case 9: return .deleteHabit(id)
    case 10:
      guard var habit = replica.tracker.habit(id) else { return .tap(id, when) }
      habit.title = "Renamed \(Int.random(in: 0..<9, using: &random))"
      return .updateHabit(habit)
    default: return .addHabit(makeHabit(id, title: "Habit \(id.rawValue)", start: "2026-11-12"))
    }
  }

  /// The part of `replica` that `habits` reach: their records, their entries and the settings,
  /// with the outbox changes to those (or the whole outbox, as a sync reads it).
  private static func part(
    of replica: Replica, reaching habits: Set<HabitID>, wholeOutbox: Bool = false
  ) -> Replica {
    func reached(_ change: Change) -> Bool {
      switch change.entity {
      case .setting: true
      case .habit: habits.contains(HabitID(change.key))
      case .entry: RecordFields.entryKeyParts(change.key).map { habits.contains($0.0) } ?? false
      case .category, .place: false
      }
    }
    return Replica(
      part: replica.fieldChanges.filter(reached), of: replica.tracker, device: replica.device,
      outbox: wholeOutbox ? replica.outbox : replica.outbox.filter(reached),
      cursor: replica.cursor, clock: replica.clock.last, nextChangeNumber: replica.nextChangeNumber)
  }

  /// Whole and part agree after the same step; the whole outbox is the part's edit applied to
  /// the outbox as stored (its changes that left removed, its new ones appended).
  private static func expectSame(
    _ whole: Replica, _ part: Replica, before: Replica, partBefore: Replica
  ) {
    #expect(part.tracker == whole.tracker)
    for (record, fields) in part.records { #expect(whole.records[record] == fields) }
    for (record, fields) in whole.records where part.records[record] == nil {
      #expect(before.records[record] == fields)
    }
    let read = Set(partBefore.outbox.map(\.id))
    let kept = Set(part.outbox.map(\.id))
    let stored = before.outbox.filter { !read.contains($0.id) || kept.contains($0.id) }
    #expect(stored + part.outbox.filter { !read.contains($0.id) } == whole.outbox)
    #expect(part.clock == whole.clock)
    #expect(part.nextChangeNumber == whole.nextChangeNumber)
    #expect(part.cursor == whole.cursor)
  }

  @Test func anActionOnThePartItReachesMakesWhatTheWholeReplicaMakes() async {
    await propertyCheck(count: 400, input: Gen.int(in: 0...Int(Int32.max))) { seed in
      var random = SplitMix(state: UInt64(seed))
      let (before, _) = Self.history(&random)
      let action = Self.action(on: before, &random)
      guard let habits = action.habitsReached else {
        Issue.record("\(action) reaches one habit")
        return
      }
      let partBefore = Self.part(of: before, reaching: habits)
      var whole = before
      var part = partBefore
      let wall = noon + 10_000_000
      let made = try? whole.perform(action, wall: wall, today: Self.today)
      #expect((try? part.perform(action, wall: wall, today: Self.today)) == made)
      Self.expectSame(whole, part, before: before, partBefore: partBefore)
    }
  }

  @Test func mergingAnotherDevicesChangesOnThePartTheyReachMatchesTheWholeReplica() async {
    await propertyCheck(count: 400, input: Gen.int(in: 0...Int(Int32.max))) { seed in
      var random = SplitMix(state: UInt64(seed))
      let (before, other) = Self.history(&random)
      let pulled = other.fieldChanges.filter { $0.entity == .habit || $0.entity == .entry }
        .filter { _ in Bool.random(using: &random) }
      guard let habits = Replica.habitsReached(by: pulled) else {
        Issue.record("habit and entry changes reach habits")
        return
      }
      let partBefore = Self.part(of: before, reaching: habits, wholeOutbox: true)
      var whole = before
      var part = partBefore
      let acknowledged = Set(before.outbox.filter { _ in Bool.random(using: &random) }.map(\.id))
      let wall = noon + 10_000_000
      #expect(throws: Never.self) { try whole.pull(pulled, cursor: 77, wall: wall) }
      #expect(throws: Never.self) { try part.pull(pulled, cursor: 77, wall: wall) }
      whole.acknowledge(acknowledged)
      part.acknowledge(acknowledged)
      Self.expectSame(whole, part, before: before, partBefore: partBefore)
      #expect(part.outbox == whole.outbox)
    }
  }

  @Test func aClientsReplicaReopenedTrustingItsRowsIsTheReplicaItSaved() async {
    await propertyCheck(count: 400, input: Gen.int(in: 0...Int(Int32.max))) { seed in
      var random = SplitMix(state: UInt64(seed))
      let (saved, _) = Self.history(&random)
      let reopened = Replica(
        trusting: saved.fieldChanges.shuffled(using: &random), device: saved.device,
        outbox: saved.outbox, cursor: saved.cursor, clock: saved.clock.last,
        nextChangeNumber: saved.nextChangeNumber)
      #expect(reopened.tracker == saved.tracker)
      #expect(reopened.records == saved.records)
      #expect(reopened.outbox == saved.outbox)
      #expect(reopened.clock == saved.clock)
      #expect(reopened.nextChangeNumber == saved.nextChangeNumber)
      var next = saved
      var again = reopened
      let action = Self.action(on: saved, &random)
      let wall = noon + 10_000_000
      #expect(
        (try? again.perform(action, wall: wall, today: Self.today))
          == (try? next.perform(action, wall: wall, today: Self.today)))
      #expect(again.tracker == next.tracker)
    }
  }

  @Test func categoriesPlacesAndReorderingReachEveryRecord() {
    #expect(Action.addCategory("garden", "Garden").habitsReached == nil)
    #expect(Action.deleteCategory("health").habitsReached == nil)
    #expect(Action.reorder(["a", "b"]).habitsReached == nil)
    #expect(Action.pause(nil, Self.today, Self.today, true).habitsReached == nil)
    #expect(Action.pause("a", Self.today, Self.today, true).habitsReached == ["a"])
    let category = Change(
      id: "p.1", field: FieldKey(.category, "garden", "name"), value: .text("G"),
      stamp: Stamp(wall: noon, counter: 0, device: "phone"))
    #expect(Replica.habitsReached(by: [category]) == nil)
  }
}
