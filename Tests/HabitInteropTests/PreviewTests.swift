import HabitCore
import HabitInterop
import HabitSync
import Testing

/// The counts a person reads before confirming an import.
@Suite struct PreviewTests {
  @Test func aPreviewCountsEveryKindOfDay() {
    var document = ApplyFixtures.document()
    document.approximations = [Approximation(habitTitle: "Run", message: "2 times in 3 days")]
    let preview = ImportPreview(document, tracker: Tracker(), mode: .merge)
    #expect(preview.newHabits == 2 && preview.existingHabits == 0 && preview.deletedHabits == 0)
    #expect(preview.checkIns == 3 && preview.skips == 1 && preview.notes == 1)
    #expect(preview.noes == 1 && preview.automaticYeses == 1)
    #expect(preview.firstDay == ApplyFixtures.day("2026-11-01"))
    #expect(preview.lastDay == ApplyFixtures.day("2026-11-12"))
    #expect(
      preview.summary
        == "2 habits, 3 check-ins, 1 skip, 1 note, 1 day marked not done and 1 automatic check-in"
        + " from 1 November 2026 to 12 November 2026. 1 setting maps only approximately.")
  }

  @Test func aPreviewAgainstTheAccountSaysWhatIsAlreadyThereAndWhatGoes() throws {
    var replica = Replica(device: "web")
    try replica.apply(
      ApplyFixtures.document(), mode: .merge, wall: ApplyFixtures.wall, today: ApplyFixtures.today)
    try replica.perform(
      .addHabit(
        Habit(id: "mine", title: "Read", category: "academic", startDay: ApplyFixtures.today)),
      wall: ApplyFixtures.wall, today: ApplyFixtures.today)
    var document = ApplyFixtures.document()
    document.habits.append(ImportedHabit(habit: ApplyFixtures.habit("yoga", title: "Yoga")))
    let merge = ImportPreview(document, tracker: replica.tracker, mode: .merge)
    #expect(merge.newHabits == 1 && merge.existingHabits == 2 && merge.deletedHabits == 0)
    let replace = ImportPreview(document, tracker: replica.tracker, mode: .replace)
    #expect(replace.deletedHabits == 1)
    #expect(replace.summary.hasPrefix("3 habits (1 new, 2 already here), 3 check-ins"))
    #expect(replace.summary.hasSuffix(" 1 habit not in the file is deleted."))
  }

  @Test func largeCountsReadInGroupsOfThree() {
    let habit = ApplyFixtures.habit("run", title: "Run")
    let start = ApplyFixtures.day("2020-01-01")
    let entries = (0..<1_234).map { Entry(day: start.advanced(by: $0), value: .one) }
    let preview = ImportPreview(
      ImportDocument(format: .beaver, habits: [ImportedHabit(habit: habit, entries: entries)]),
      tracker: Tracker(), mode: .merge)
    #expect(preview.summary.hasPrefix("1 habit and 1,234 check-ins from 1 January 2020 to "))
  }
}
