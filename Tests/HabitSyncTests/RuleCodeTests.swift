import HabitCore
import HabitSync
import Testing

/// Sync applies HabitCore's rule for each field and refuses with that rule's code: the code REST
/// gives for the same value.
@Suite struct RuleCodeTests {
  private let today = day("2026-11-22")

  private func code(
    _ entity: Entity, _ key: String, _ field: String, _ value: FieldValue, wall: Int64 = noon
  ) -> String? {
    let change = Change(
      id: "a.1", field: FieldKey(entity, key, field), value: value,
      stamp: Stamp(wall: noon, counter: 0, device: "a"))
    return ChangeValidation.problem(change, wall: wall)?.code
  }

  @Test func aCountTargetOfZeroIsRefusedBySyncWithTheSameCodeAsREST() {
    #expect(code(.habit, "h1", "measure", .text("count:1:0")) == "count_target_out_of_range")
    #expect(
      code(.habit, "h1", "measure", .text("count:1:0"))
        == Measure.count(step: 1, target: 0).problem?.code)
    #expect(code(.habit, "h1", "measure", .text("count:1:2")) == nil)
  }

  @Test func aNoteIsMeasuredAfterTrimmingAsHabitCoreStoresIt() throws {
    let padded = String(repeating: "x", count: Entry.maximumNoteLength) + "   \n"
    #expect(code(.entry, "h1/2026-11-01", "note", .text(padded)) == nil)
    var tracker = Tracker()
    try tracker.add(makeHabit())
    try tracker.setNote("h1", on: today, today: today, note: padded)
    let tooLong = String(repeating: "x", count: Entry.maximumNoteLength + 1)
    #expect(code(.entry, "h1/2026-11-01", "note", .text(tooLong)) == "note_too_long")
    let description = "  " + String(repeating: "d", count: HabitError.maximumDescriptionLength)
    #expect(code(.habit, "h1", "description", .text(description)) == nil)
    #expect(makeHabit { $0.description = description }.problems(in: Tracker()).isEmpty)
  }

  @Test func badInputIsRefusedBySyncWithTheRulesCode() {
    let cases: [(Entity, String, String, FieldValue, String)] = [
      (
        .place, "home", "name", .text(String(repeating: "x", count: 4_000_000)),
        "place_name_too_long"
      ),
      (.place, "home", "name", .text("\u{200B}"), "place_name_empty"),
      (.place, "home", "latitude", .int(91_000_000), "coordinates_out_of_range"),
      (.place, "home", "radius", .int(0), "radius_out_of_range"),
      (.habit, "h1", "title", .text("\u{200B}"), "empty_title"),
      (.habit, "h1", "title", .text("\u{0000}"), "empty_title"),
      (.habit, "h1", "title", .text("Run\u{0000}"), "control_character"),
      (.habit, "h1", "emoji", .text("🏃🏃"), "emoji_not_single"),
      (
        .habit, "h1", "measure", .text("quantity:1000:" + String(repeating: "u", count: 21)),
        "unit_too_long"
      ),
      (.habit, "h1", "start", .text("0001-01-01"), "start_out_of_range"),
      (.habit, "h1", "start", .text("2030-01-01"), "start_out_of_range"),
      (.habit, "h1", "goal", .text("days:0"), "goal_not_positive"),
      (.habit, "h1", "schedule", .text("weekdays:0"), "no_weekdays"),
      (.habit, "h1", "reminders", .text("times=07:00;days=0"), "reminder_without_weekdays"),
      (.category, "c1", "name", .text(String(repeating: "c", count: 31)), "category_name_too_long"),
      (.entry, "h1/1999-12-31", "value", .int(1000), "day_too_early"),
      (.entry, "h1/2030-01-01", "value", .int(1000), "future_day"),
      (.entry, "h1/2026-11-01", "add.phone", .int(1500), "count_not_whole"),
      (.entry, "h1/2026-11-01", "note", .text("bell\u{07}"), "control_character"),
      (.habit, "h1", "colour", .text("#FFFFFF"), "invalid_change"),
    ]
    for (entity, key, field, value, expected) in cases {
      #expect(code(entity, key, field, value) == expected, "\(key) \(field)")
    }
    #expect(code(.habit, "h1", "start", .text("2027-11-22")) == nil)
    #expect(code(.entry, "h1/2026-11-01", "add.phone", .int(-2000)) == nil)
    #expect(code(.entry, "h1/2026-11-01", "value", .int(1500)) == nil)
  }

  @Test func theServerScreenRefusesOneByOneWithCodes() {
    let good = Change(
      id: "a.1", field: FieldKey(.habit, "h1", "title"), value: .text("Read"),
      stamp: Stamp(wall: noon, counter: 0, device: "a"))
    let bad = Change(
      id: "a.2", field: FieldKey(.habit, "h1", "measure"), value: .text("count:1:0"),
      stamp: Stamp(wall: noon, counter: 1, device: "a"))
    let (valid, refused) = ChangeValidation.screen([good, bad], wall: noon)
    #expect(valid == [good])
    #expect(
      refused == [
        Refusal(
          changeID: "a.2", code: "count_target_out_of_range",
          message: HabitError.countTargetOutOfRange.message)
      ])
  }

  @Test func theClockDriftRuleIsTheSameForClockReplicaAndServer() throws {
    let limit = noon + HybridClock.maximumDrift
    for (wall, refused) in [(limit, false), (limit + 1, true)] {
      let stamp = Stamp(wall: wall, counter: 0, device: "x")
      let change = Change(
        id: "x.1", field: FieldKey(.habit, "h9", "order"), value: .int(1), stamp: stamp)
      var clock = HybridClock(device: "phone")
      var replica = Replica(device: "phone")
      let byClock = (try? clock.observe(stamp, wall: noon)) == nil
      let byReplica = (try? replica.receive([change], wall: noon)) == nil
      let byServer = !ChangeValidation.screen([change], wall: noon).refused.isEmpty
      #expect(byClock == refused && byReplica == refused && byServer == refused, "\(wall)")
      #expect(((try? HybridClock.checkDrift(stamp, wall: noon)) == nil) == refused)
    }
  }

  @Test func aReplicaStillReceivesRowsStoredUnderOlderRules() throws {
    var phone = Replica(device: "phone")
    let old = Change(
      id: "old.1", field: FieldKey(.habit, "h1", "start"), value: .text("1990-01-01"),
      stamp: Stamp(wall: noon, counter: 0, device: "old"))
    try phone.receive([old], wall: noon)
    #expect(phone.records.count == 1)
  }

  @Test func theSyncSpellingsOfKindsAreHabitCoresKinds() {
    let schedules: [Schedule] = [
      .everyDay, .weekdays([.monday]), .everyNDays(2), .timesPerWeek(3), .timesPerMonth(4),
      .timesInDays(times: 2, days: 5),
    ]
    for schedule in schedules {
      let text = FieldText.schedule(schedule)
      #expect(text.hasPrefix(schedule.kind.rawValue))
      #expect(FieldText.schedule(text) == schedule)
    }
    let measures: [Measure] = [
      .done, .count(step: 2, target: 5), .quantity(target: .one, unit: "l"),
    ]
    for measure in measures {
      let text = FieldText.measure(measure)
      #expect(text.hasPrefix(measure.kind.rawValue))
      #expect(FieldText.measure(text) == measure)
    }
    for goal in [Goal.forever, .days(3), .weeks(3), .months(3)] {
      let text = FieldText.goal(goal)
      #expect(text.hasPrefix(goal.kind.rawValue))
      #expect(FieldText.goal(text) == goal)
    }
    for bad in ["", "done:1", "count:1", "everyDay:2", "forever:1", "yearly:2", "days"] {
      #expect(
        FieldText.schedule(bad) == nil && FieldText.measure(bad) == nil
          && FieldText.goal(bad) == nil, "\(bad)")
    }
  }
}
