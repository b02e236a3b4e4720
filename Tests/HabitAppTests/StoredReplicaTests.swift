import HabitApp
import HabitCore
import HabitSync
import Testing

/// The stored form writes an outbox entry that is still its field's state once, among the field
/// states; whatever mix of local edits, remote changes and acknowledgements a replica went
/// through, reading its lines back gives the same replica.
@Suite struct StoredReplicaTests {
  private static let today = Day(iso: "2026-11-22")!
  private static let noon: Int64 = 1_795_348_800_000

  private static func reread(_ replica: Replica) throws -> Replica {
    try read(Snapshot.lines(replica))
  }

  private static func read(_ text: String) throws -> Replica {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let message = MessageText.write(
      [("snapshot", try JSONParser.parse(lines[0]))],
      lines: [("fields", lines[1]), ("outbox", lines[2])])
    return try Snapshot.replica(
      device: "", try JSONParser.parse(lines[0]), lines: try MessageText(message))
  }

  @Test(arguments: 0..<60)
  func aReplicaReadBackFromItsLinesIsTheSameWhateverItWentThrough(seed: Int) throws {
    var random = SplitMix(seed: UInt64(seed))
    let steps = 1 + Int(random.next() % 40)
    var replica = Replica(device: "web-a")
    // Its ids start as this device's do ("web-a1.3", "web-a.3"): the stored form tells this
    // device's outbox entries apart by number.
    var remote = Replica(device: "web-a1")
    let habits = [HabitID("h1"), HabitID("h2")]
    for (index, id) in habits.enumerated() {
      let habit = Habit(
        id: id, title: "Habit \(index)", category: "self",
        startDay: Self.today.advanced(by: -30))
      _ = try? replica.perform(.addHabit(habit), wall: Self.noon, today: Self.today)
      _ = try? remote.perform(.addHabit(habit), wall: Self.noon, today: Self.today)
    }
    for step in 0..<steps {
      let id = habits[Int(random.next() % 2)]
      let day = Self.today.advanced(by: -Int(random.next() % 10))
      let wall = Self.noon + Int64(step * 10)
      switch random.next() % 4 {
      case 0, 1:
        _ = try? replica.perform(.tap(id, day), wall: wall, today: Self.today)
      case 2:
        // Another device marks the same day later: its change overtakes a queued one, which
        // is then written on the outbox line rather than among the field states.
        if let changes = try? remote.perform(.tap(id, day), wall: wall + 5, today: Self.today) {
          try? replica.receive(changes, wall: wall + 5)
        }
      default:
        let taken = replica.outbox.prefix(Int(random.next() % 3)).map(\.id)
        replica.acknowledge(Set(taken))
      }
    }
    let read = try Self.reread(replica)
    #expect(read.tracker == replica.tracker)
    #expect(read.fieldChanges == replica.fieldChanges)
    #expect(Set(read.outbox) == Set(replica.outbox))
    #expect(read.outbox.count == replica.outbox.count)
    #expect(read.nextChangeNumber == replica.nextChangeNumber)
  }

  @Test func anEntryOvertakenByAnotherDeviceIsWrittenOnTheOutboxLineAndReadBack() throws {
    var replica = Replica(device: "web-a")
    var phone = Replica(device: "phone")
    let habit = Habit(id: "h1", title: "Read", category: "self", startDay: Self.today)
    try replica.perform(.addHabit(habit), wall: Self.noon, today: Self.today)
    try phone.perform(.addHabit(habit), wall: Self.noon, today: Self.today)
    try replica.perform(.tap("h1", Self.today), wall: Self.noon + 1, today: Self.today)
    try replica.receive(
      phone.perform(.tap("h1", Self.today), wall: Self.noon + 5, today: Self.today),
      wall: Self.noon + 5)
    let lines = Snapshot.lines(replica).split(separator: "\n").map(String.init)
    #expect(lines[2].contains(#""field":"value""#))
    let read = try Self.read(Snapshot.lines(replica))
    #expect(read.outbox == replica.outbox)
    #expect(read.fieldChanges == replica.fieldChanges)
  }

  @Test func aBaseStoredByThePreviousVersionWithItsWholeOutboxStillLoads() throws {
    var replica = Replica(device: "web-a")
    let habit = Habit(id: "h1", title: "Read", category: "self", startDay: Self.today)
    try replica.perform(.addHabit(habit), wall: Self.noon, today: Self.today)
    try replica.perform(.tap("h1", Self.today), wall: Self.noon + 1, today: Self.today)
    // Every field state unmarked, and the whole outbox on its own line.
    let old =
      JSONWriter.write(Snapshot.meta(replica)) + "\n" + ChangeText.array(replica.fieldChanges)
      + "\n" + ChangeText.array(replica.outbox)
    let read = try Self.read(old)
    #expect(read.tracker == replica.tracker)
    #expect(read.fieldChanges == replica.fieldChanges)
    #expect(read.outbox == replica.outbox)
  }
}
