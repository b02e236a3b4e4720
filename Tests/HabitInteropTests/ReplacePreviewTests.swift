import HabitCore
import HabitInterop
import HabitSync
import PropertyBased
import Testing

private let today = BackupRandomTracker.today
private let exportedAt: Int64 = 1_741_607_130_000

/// Issue 26, loss 4: "Replace everything" said "No habit here is deleted" and "0 days written"
/// while it erased check-ins and skips. The preview counts every day it takes away.
@Suite struct ReplacePreviewTests {
  /// The days whose check-in, skip or note replacing changed, counted on the result.
  private func daysTakenAway(from before: Tracker, to after: Tracker, in document: ImportDocument)
    -> Int
  {
    var days = 0
    for imported in document.habits where before.habit(imported.habit.id) != nil {
      let now = after.log(imported.habit.id)
      for entry in before.log(imported.habit.id).entries where !entry.isEmpty {
        if (now[entry.day] ?? Entry(day: entry.day)) != entry { days += 1 }
      }
    }
    return days
  }

  @Test func theReplacePreviewCountsEveryDayTheReplaceTakesAway() async {
    // Random accounts share habit ids ("habit-0", …), so one's backup replaces days of the other.
    await propertyCheck(
      count: 100, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 0...Int(Int32.max))
    ) { mine, theirs in
      var account = BackupRandomTracker(seed: mine).replica
      let backup = Backup.document(
        of: BackupRandomTracker(seed: theirs).replica, exportedAt: exportedAt)
      let document = try Backup.contents(ImportFile(path: "backup.json", bytes: backup)).document
      let before = account.tracker
      let preview = ImportPreview(document, tracker: before, mode: .replace)
      try account.apply(document, mode: .replace, wall: exportedAt, today: today)
      #expect(
        preview.daysReplaced == daysTakenAway(from: before, to: account.tracker, in: document))
      #expect(ImportPreview(document, tracker: before, mode: .merge).daysReplaced == 0)
    }
  }

  @Test func theReplacePreviewSaysInWordsWhichDaysGo() throws {
    var replica = Replica(device: "web")
    let document = ApplyFixtures.document()
    try replica.apply(document, mode: .merge, wall: ApplyFixtures.wall, today: ApplyFixtures.today)
    let run = document.habits[0].habit.id
    // A check-in and a skip the backup does not hold, and a note it holds differently.
    for entry in [
      Entry(day: ApplyFixtures.day("2026-11-20"), value: .one),
      Entry(day: ApplyFixtures.day("2026-11-21"), isSkipped: true),
      Entry(day: ApplyFixtures.day("2026-11-05"), value: .one, note: "Calm"),
    ] {
      try replica.perform(
        .setEntry(run, entry), wall: ApplyFixtures.wall, today: ApplyFixtures.today)
    }
    let preview = ImportPreview(document, tracker: replica.tracker, mode: .replace)
    #expect(preview.deletedHabits == 0 && preview.daysReplaced == 3)
    #expect(
      preview.summary.hasSuffix(
        " 3 days here that the file holds differently or not at all are overwritten or erased."))
    let summary = try replica.apply(
      document, mode: .replace, wall: ApplyFixtures.wall, today: ApplyFixtures.today)
    #expect(summary.daysCleared == 2 && summary.daysWritten == 1)
  }
}
