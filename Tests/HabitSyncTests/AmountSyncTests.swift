import HabitCore
import HabitSync
import PropertyBased
import Testing

/// Amounts logged on a quantity habit, on devices that meet only later (issue 26, loss 1).
@Suite struct AmountSyncTests {
  private let today = day("2026-11-22")

  private func water() -> Habit {
    makeHabit("water", title: "Water") { $0.measure = .quantity(target: Amount(3), unit: "l") }
  }

  /// Adds `thousandths` to the day's total as the faces do: the total, read, plus the amount.
  private func log(_ replica: inout Replica, _ thousandths: Int64) throws {
    let total = replica.tracker.log("water")[today]?.value.thousandths ?? 0
    try replica.perform(
      .logAmount("water", today, Amount(thousandths: total + thousandths)), wall: noon,
      today: today)
  }

  private func shown(_ replica: Replica) -> Int64 {
    replica.tracker.log("water")[today]?.value.thousandths ?? 0
  }

  /// Two replicas holding one synced habit (and `base` on the day, when given).
  private func pair(base: Int64 = 0) throws -> (Replica, Replica) {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(water()), wall: noon, today: today)
    if base > 0 { try log(&phone, base) }
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    return (phone, laptop)
  }

  @Test func amountsLoggedOnTwoOfflineDevicesAddUp() throws {
    var (phone, laptop) = try pair(base: 1750)
    try log(&phone, 1000)
    try log(&laptop, 500)
    try phone.receive(laptop.fieldChanges, wall: noon)
    try laptop.receive(phone.fieldChanges, wall: noon)
    #expect(shown(phone) == 3250 && shown(laptop) == 3250)
    #expect(phone.tracker == laptop.tracker)
  }

  @Test func anAmountStoredAsOneValueStaysTheBaseOfNewLogs() throws {
    var (phone, laptop) = try pair()
    // An amount written before devices kept their own totals: one last-writer-wins value.
    let old = Change(
      id: "old.1", field: FieldKey(.entry, RecordFields.entryKey("water", today), "value"),
      value: .int(1750), stamp: Stamp(wall: noon - 1000, counter: 0, device: "old"))
    try phone.receive([old], wall: noon)
    try laptop.receive([old], wall: noon)
    #expect(shown(phone) == 1750)
    try log(&phone, 1000)
    try log(&laptop, 500)
    try phone.receive(laptop.fieldChanges, wall: noon)
    try laptop.receive(phone.fieldChanges, wall: noon)
    #expect(shown(phone) == 3250 && shown(laptop) == 3250)
  }

  /// A faulty client that stamps runs alike: every replica adds them together, whichever it
  /// heard first (one of them, picked by where each sat in the fields, showed before). Taken one
  /// by one, -0.5 then +1 would show 1 from an empty day, and +1 then -0.5 would show 0.5.
  @Test func runsStampedAlikeAllShowOnEveryReplica() throws {
    let stamp = Stamp(wall: noon + 1, counter: 0, device: "faulty")
    let key = RecordFields.entryKey("water", today)
    func runs(_ amounts: [Int64]) -> [Change] {
      amounts.enumerated().map { number, thousandths in
        Change(
          id: "faulty.\(number)", field: FieldKey(.entry, key, "log.faulty-\(number)"),
          value: .int(thousandths), stamp: stamp)
      }
    }
    var (phone, laptop) = try pair()
    try phone.receive(runs([-500, 1000]), wall: noon + 2)
    try laptop.receive(runs([-500, 1000]).reversed(), wall: noon + 2)
    #expect(shown(phone) == 500 && shown(laptop) == 500)
    #expect(phone.tracker == laptop.tracker)
    let later = Stamp(wall: noon + 3, counter: 0, device: "faulty")
    let more = [(7, 1000), (8, 250), (9, 2000)].map { number, thousandths in
      Change(
        id: "faulty.\(number)", field: FieldKey(.entry, key, "log.faulty-\(number)"),
        value: .int(thousandths), stamp: later)
    }
    try phone.receive(more, wall: noon + 4)
    try laptop.receive(more.reversed(), wall: noon + 4)
    #expect(shown(phone) == 3750 && shown(laptop) == 3750)
    #expect(phone.tracker == laptop.tracker)
  }

  @Test func aTotalEditedAfterASyncIsTheTotalOnEveryDevice() throws {
    var (phone, laptop) = try pair(base: 1000)
    try log(&laptop, 500)
    try phone.receive(laptop.fieldChanges, wall: noon)
    try phone.perform(
      .setEntry("water", Entry(day: today, value: Amount(thousandths: 1200))), wall: noon + 1,
      today: today)
    try laptop.receive(phone.fieldChanges, wall: noon + 1)
    #expect(shown(phone) == 1200 && shown(laptop) == 1200)
    // Cleared on the laptop, the day is empty on both.
    try laptop.perform(.setEntry("water", Entry(day: today)), wall: noon + 2, today: today)
    try phone.receive(laptop.fieldChanges, wall: noon + 2)
    #expect(phone.tracker.log("water")[today] == nil && laptop.tracker.log("water")[today] == nil)
  }

  @Test func aDeviceLogsAFractionAsARunOfItsOwn() throws {
    var (phone, _) = try pair()
    try log(&phone, 250)
    let changes = try phone.perform(
      .logAmount("water", today, Amount(thousandths: 750)), wall: noon, today: today)
    // A check-in also clears any skip made before it, one this device has not seen too.
    #expect(
      changes.map(\.field.field).map { $0.hasPrefix("log.phone-") } == [true, false]
        && changes.map(\.field.field)[1] == "skipped" && changes[0].value == .int(500))
  }

  @Test func theSumOfAmountsLoggedApartDoesNotDependOnTheOrderTheyMeet() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 2...4)) {
      seed, count in
      var random = SplitMix(state: UInt64(seed))
      var phone = Replica(device: "device-0")
      try! phone.perform(.addHabit(water()), wall: noon, today: today)
      let base = Int64.random(in: 0...5_000, using: &random)
      if base > 0 { try! log(&phone, base) }
      var replicas = [phone]
      for index in 1..<count {
        var replica = Replica(device: "device-\(index)")
        try! replica.receive(phone.fieldChanges, wall: noon)
        replicas.append(replica)
      }
      var logged = base
      for index in 0..<count {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          let amount = Int64.random(in: 1...2_500, using: &random)
          try! log(&replicas[index], amount)
          logged += amount
        }
      }
      // Each replica meets the others' changes in its own shuffled order, duplicates included.
      let everything = replicas.flatMap(\.fieldChanges)
      for index in 0..<count {
        var batch = everything + everything.prefix(3)
        batch.shuffle(using: &random)
        try! replicas[index].receive(batch, wall: noon)
        #expect(shown(replicas[index]) == logged)
      }
    }
  }

  @Test func theServerTakesAFractionInAnAmountButNotInACounter() {
    func problem(_ field: String, _ thousandths: Int64) -> String? {
      let change = Change(
        id: "p.1", field: FieldKey(.entry, "water/2026-11-01", field), value: .int(thousandths),
        stamp: Stamp(wall: noon, counter: 0, device: "phone"))
      return ChangeValidation.problem(change, wall: noon)?.message
    }
    #expect(problem("log.phone", 1250) == nil)
    #expect(problem("log.phone", -1250) == nil)
    #expect(problem("log.phone", 5_000_000_000) == HabitError.amountTooLarge.message)
    #expect(problem("log.phone", -5_000_000_000) == HabitError.amountTooLarge.message)
    #expect(problem("log.", 1000) != nil)
    #expect(problem("log.ph one", 1000) != nil)
    #expect(problem("add.phone", 1250) == HabitError.countNotWhole.message)
    #expect(problem("log.phone-12", -1250) == nil)
    #expect(problem("add.phone-12", 1250) == HabitError.countNotWhole.message)
    #expect(problem("add." + String(repeating: "d", count: 64) + "-123456789012345678", 0) == nil)
    for field in [
      "log.phone.12", "add.", "add.ph one-1", "log." + String(repeating: "d", count: 84),
    ] {
      #expect(problem(field, 1000) != nil, "\(field)")
    }
  }

  @Test func aFractionLoggedForAHabitThatCountsIsRefused() {
    let change = Change(
      id: "p.1", field: FieldKey(.entry, "taps/2026-11-01", "log.phone"), value: .int(1250),
      stamp: Stamp(wall: noon, counter: 0, device: "phone"))
    #expect(ChangeValidation.holdsFraction(change))
    #expect(ChangeValidation.countProblem(change, countHabits: ["taps"]) == .countNotWhole)
    #expect(ChangeValidation.countProblem(change, countHabits: ["water"]) == nil)
  }
}
