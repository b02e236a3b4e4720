import HabitCore
import HabitSync
import Testing

/// A skip and a check-in made on two devices that had not yet met (found by the simulator: the
/// day merged into both skipped and done).
@Suite struct SkipCheckInMergeTests {
  private let today = day("2026-11-22")

  /// Two replicas holding one synced habit.
  private func pair(_ habit: Habit = makeHabit()) throws -> (Replica, Replica) {
    var phone = Replica(device: "phone")
    try phone.perform(.addHabit(habit), wall: noon, today: today)
    var laptop = Replica(device: "laptop")
    try laptop.receive(phone.fieldChanges, wall: noon)
    return (phone, laptop)
  }

  private func meet(_ one: inout Replica, _ other: inout Replica, wall: Int64) throws {
    try one.receive(other.fieldChanges, wall: wall)
    try other.receive(one.fieldChanges, wall: wall)
  }

  private func act(
    on phone: inout Replica, _ laptop: inout Replica, _ onPhone: Bool, _ action: Action,
    wall: Int64
  ) throws {
    if onPhone {
      try phone.perform(action, wall: wall, today: today)
    } else {
      try laptop.perform(action, wall: wall, today: today)
    }
  }

  private func shown(_ replica: Replica, _ habit: HabitID = "h1") -> Entry? {
    replica.tracker.log(habit)[today]
  }

  @Test func aCheckInMadeBeforeASkipElsewhereWins() throws {
    var (phone, laptop) = try pair()
    try phone.perform(.complete("h1", today), wall: noon + 1, today: today)
    try laptop.perform(.skip("h1", today, true), wall: noon + 2, today: today)
    try meet(&phone, &laptop, wall: noon + 3)
    for replica in [phone, laptop] {
      #expect(shown(replica)?.value == .one)
      #expect(shown(replica)?.isSkipped == false)
    }
    #expect(phone.tracker == laptop.tracker)
  }

  @Test func aCheckInMadeAfterASkipElsewhereWins() throws {
    var (phone, laptop) = try pair()
    try laptop.perform(.skip("h1", today, true), wall: noon + 1, today: today)
    try phone.perform(.complete("h1", today), wall: noon + 2, today: today)
    try meet(&phone, &laptop, wall: noon + 3)
    for replica in [phone, laptop] {
      #expect(shown(replica)?.value == .one)
      #expect(shown(replica)?.isSkipped == false)
    }
  }

  @Test func takingBackACheckInMadeAfterASkipElsewhereLeavesTheDayEmpty() throws {
    var (phone, laptop) = try pair()
    try laptop.perform(.skip("h1", today, true), wall: noon + 1, today: today)
    try phone.perform(.complete("h1", today), wall: noon + 2, today: today)
    try phone.perform(.uncomplete("h1", today), wall: noon + 3, today: today)
    try meet(&phone, &laptop, wall: noon + 4)
    #expect(shown(phone) == nil && shown(laptop) == nil)
  }

  /// Found by the simulator (seed 149): a check-in taken back on a device that had not yet seen
  /// a later skip (made on another device after taking that check-in back there) wiped the skip.
  @Test func takingBackAStaleCheckInKeepsASkipMadeAfterIt() throws {
    var (phone, laptop) = try pair()
    try laptop.perform(.complete("h1", today), wall: noon + 1, today: today)
    try meet(&phone, &laptop, wall: noon + 2)
    try laptop.perform(.uncomplete("h1", today), wall: noon + 3, today: today)
    try laptop.perform(.skip("h1", today, true), wall: noon + 4, today: today)
    try phone.perform(.uncomplete("h1", today), wall: noon + 5, today: today)
    try meet(&phone, &laptop, wall: noon + 6)
    #expect(shown(phone)?.isSkipped == true && shown(laptop)?.isSkipped == true)
    #expect(phone.tracker == laptop.tracker)
  }

  @Test func aSkipHiddenByAnEarlierCheckInShowsOnceThatCheckInIsTakenBack() throws {
    var (phone, laptop) = try pair()
    try phone.perform(.complete("h1", today), wall: noon + 1, today: today)
    try laptop.perform(.skip("h1", today, true), wall: noon + 2, today: today)
    try meet(&phone, &laptop, wall: noon + 3)
    #expect(shown(laptop)?.value == .one && shown(laptop)?.isSkipped == false)
    try laptop.perform(.uncomplete("h1", today), wall: noon + 4, today: today)
    try meet(&phone, &laptop, wall: noon + 5)
    #expect(shown(phone)?.isSkipped == true && shown(laptop)?.isSkipped == true)
  }

  @Test func aSkipMadeAfterTheCheckInWasTakenBackHolds() throws {
    var (phone, laptop) = try pair()
    try phone.perform(.complete("h1", today), wall: noon + 1, today: today)
    try phone.perform(.uncomplete("h1", today), wall: noon + 2, today: today)
    try laptop.perform(.skip("h1", today, true), wall: noon + 3, today: today)
    try meet(&phone, &laptop, wall: noon + 4)
    #expect(shown(phone)?.isSkipped == true && shown(laptop)?.isSkipped == true)
  }

  @Test func countTapsOnAnotherDeviceHideASkipAndALaterTapTakesItAway() throws {
    let pushUps = makeHabit("push", title: "Push-ups") { $0.measure = .count(step: 1, target: 3) }
    var (phone, laptop) = try pair(pushUps)
    try phone.perform(.addCount("push", today, times: 2), wall: noon + 1, today: today)
    try laptop.perform(.skip("push", today, true), wall: noon + 2, today: today)
    try meet(&phone, &laptop, wall: noon + 3)
    #expect(shown(laptop, "push")?.value == Amount(2))
    #expect(shown(laptop, "push")?.isSkipped == false)
    try laptop.perform(.addCount("push", today, times: -2), wall: noon + 4, today: today)
    try meet(&phone, &laptop, wall: noon + 5)
    #expect(shown(phone, "push")?.isSkipped == true && shown(laptop, "push")?.isSkipped == true)
    try phone.perform(.addCount("push", today, times: 1), wall: noon + 6, today: today)
    try meet(&phone, &laptop, wall: noon + 7)
    try laptop.perform(.addCount("push", today, times: -1), wall: noon + 8, today: today)
    try meet(&phone, &laptop, wall: noon + 9)
    #expect(shown(phone, "push") == nil && shown(laptop, "push") == nil)
  }

  /// Random taps and skips on two devices that meet now and then, each made only where that
  /// device's own screen allows it, end where the rules say, applied in the order they happened:
  /// a check-in takes a skip away, a skip made where the day looked empty holds (hidden while the
  /// day holds a check-in), taking a check-in back leaves skips alone, a day is never both.
  @Test func randomTapsAndSkipsOnTwoDevicesEndAsTheRulesSay() throws {
    for seed in UInt64(1)...300 {
      var random = SplitMix(state: seed)
      var (phone, laptop) = try pair()
      var expected = (done: false, skipped: false)
      var trace: [String] = []
      var wall = noon
      for _ in 0..<12 {
        wall += 1
        let onPhone = random.next() % 2 == 0
        let seen = shown(onPhone ? phone : laptop)
        let done = seen?.value == .one && seen?.isSkipped == false
        let choice = random.next() % 3
        trace.append(
          "\(onPhone ? "phone" : "laptop") \(choice) seen done=\(done) skipped=\(seen?.isSkipped ?? false)"
        )
        switch choice {
        case 0:
          try act(
            on: &phone, &laptop, onPhone, done ? .uncomplete("h1", today) : .complete("h1", today),
            wall: wall)
          expected.done = !done
          if !done { expected.skipped = false }
        case 1 where seen?.isSkipped == true:
          try act(on: &phone, &laptop, onPhone, .skip("h1", today, false), wall: wall)
          expected.skipped = false
        case 1 where !done:
          try act(on: &phone, &laptop, onPhone, .skip("h1", today, true), wall: wall)
          expected.skipped = true
        default:
          try meet(&phone, &laptop, wall: wall)
        }
      }
      try meet(&phone, &laptop, wall: wall + 1)
      for replica in [phone, laptop] {
        // What each shows is what its merged fields give when read afresh.
        let reread = Replica(trusting: replica.fieldChanges, device: "reread", cursor: 0)
        #expect(reread.tracker == replica.tracker, "seed \(seed): \(trace)")
        let entry = shown(replica)
        #expect(
          (entry?.value == .one) == expected.done
            && (entry?.isSkipped ?? false) == (expected.skipped && !expected.done),
          "seed \(seed): \(replica.device) shows \(String(describing: entry)), expected \(expected) \(trace)"
        )
      }
    }
  }
}
