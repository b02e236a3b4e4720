import HabitCore
import Testing

@testable import HabitInterop

/// Files made to crash or exhaust the server: each is refused with a clear error, or read
/// without a trap, and never does more work than `ImportLimits` allows.
@Suite struct HostileImportTests {
  private let today = Day(iso: "2026-11-27")!

  private func document(_ files: [ImportFile]) throws(ImportError) -> ImportDocument {
    try Importer.document(files, today: today)
  }

  private func refusal(_ files: [ImportFile]) -> ImportError? {
    do {
      _ = try document(files)
      return nil
    } catch {
      return error
    }
  }

  @Test func aLoopFrequencyOfHugeNumbersBelowOneIsApproximatedNotATrap() throws {
    let habits = ImportFile(
      path: "Habits.csv",
      text: "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,"
        + "Color,Unit,Target Type,Target Value,Archived?\n"
        + "001,Huge,YES_NO,,,700000000000000000,700000000000000001,#D32F2F,,,,false\n")
    let read = try document([habits])
    #expect(read.habits[0].habit.schedule == .everyDay)
    #expect(read.approximations.contains { $0.message.contains("no exact match") })
  }

  @Test func everyFrequencyNearTheEndsOfIntMapsToASchedule() {
    let numbers = [Int.min, -1, 0, 1, 2, 6, 7, 31, Int.max / 64, Int.max / 2, Int.max - 1, Int.max]
    for times in numbers {
      for days in numbers {
        let (schedule, _) = FrequencyMatch.schedule(times: times, days: days)
        #expect(schedule.problem == nil, "\(times) in \(days) days gave \(schedule)")
      }
    }
  }

  /// A fixture with its first `original` text replaced.
  private func fixture(_ name: String, replacing pairs: [(String, String)]) throws -> ImportFile {
    var text = String(decoding: try interopFixture(name).bytes, as: UTF8.self)
    for (original, replacement) in pairs {
      let range = try #require(text.range(of: original))
      text.replaceSubrange(range, with: replacement)
    }
    return ImportFile(path: name, text: text)
  }

  @Test func aBeaverPeriodTooLongToCountInDaysIsTheRarestSchedule() throws {
    let file = try fixture(
      "beaver-export.json",
      replacing: [
        (
          #""period": {"period_type": "D", "period_count": 1, "target_count": 1}"#,
          #""period": {"period_type": "Y", "period_count": 9223372036854775807, "target_count": 1}"#
        )
      ])
    let read = try BeaverJSON.read(file, today: today)
    #expect(read.habits[0].habit.schedule == .timesPerMonth(1))
  }

  @Test func aZipInsideAZipIsRefused() {
    let inner = TestZip.make([("Habits.csv", Array("Position,Name\n1,Read\n".utf8))])
    let outer = TestZip.make([("inner.zip", inner)])
    let error = refusal([ImportFile(path: "upload.zip", bytes: outer)])
    #expect(error?.file == "inner.zip in upload.zip")
    #expect(error?.message.contains("zip inside the zip") == true)
  }

  @Test func aFileDeclaringMoreThanTheExpansionRatioIsRefusedBeforeUnpacking() {
    let zip = TestZip.make([
      TestZip.Member(
        path: "Checkmarks.csv", bytes: Array(repeating: 0x31, count: 20_000),
        declaredSize: 20_000 * ImportLimits.expansionRatio + ImportLimits.expansionAllowance + 1)
    ])
    let error = refusal([ImportFile(path: "bomb.zip", bytes: zip)])
    #expect(error?.message.contains("zip bomb") == true)
  }

  @Test func aZipOfMoreFilesThanTheLimitIsRefused() {
    let members = (0...ImportLimits.zipFiles).map { ("f" + String($0) + ".csv", [UInt8]()) }
    let error = refusal([ImportFile(path: "many.zip", bytes: TestZip.make(members))])
    #expect(error?.file == "many.zip")
    #expect(error?.message.contains("10,000 files") == true)
  }

  @Test func aCSVOfMoreCellsThanTheLimitIsRefused() {
    let row =
      Array("2024-01-01".utf8) + Array(repeating: Array(",2".utf8), count: 999).joined()
      + [UInt8(ascii: "\n")]
    let rows = ImportLimits.csvCells / 1000 + 1
    let bytes =
      Array("Date".utf8) + Array(repeating: Array(",H".utf8), count: 999).joined()
      + [UInt8(ascii: "\n")] + Array(repeating: row, count: rows).joined()
    let error = refusal([ImportFile(path: "Checkmarks.csv", bytes: bytes)])
    #expect(error?.message.contains("4,000,000 values") == true)
  }

  @Test func moreHabitsThanTheLimitAreRefused() {
    var text = "Position,Name,Question,Description,NumRepetitions,Interval,Color\n"
    for index in 1...(ImportLimits.habits + 1) {
      text += String(index) + ",Habit " + String(index) + ",,,1,1,#D32F2F\n"
    }
    let error = refusal([ImportFile(path: "Habits.csv", text: text)])
    #expect(error?.file == "Habits.csv")
    #expect(error?.message.contains("1,000 habits") == true)
  }

  @Test func loopDatesCenturiesApartAreSortedNotWalked() throws {
    let text =
      "Date,A,B,\n9999-12-31,YES_MANUAL,NO,\n2024-01-02,NO,YES_MANUAL,\n"
      + "0001-01-01,YES_MANUAL,UNKNOWN,\n"
    let read = try document([ImportFile(path: "Checkmarks.csv", text: text)])
    #expect(read.habits[0].entries.map(\.day.iso) == ["0001-01-01", "2024-01-02", "9999-12-31"])
  }

  @Test func aLoopDateWithAHugeYearIsAnErrorOnItsLine() {
    for date in ["02-06-9223372036854775807", "02-06-123", "9223372036854775807-01-01"] {
      let text = "Date,A,\n" + date + ",YES_MANUAL,\n"
      let error = refusal([ImportFile(path: "Checkmarks.csv", text: text)])
      #expect(error?.line == 2, "\(date)")
    }
  }

  @Test func tableHabitNumbersAtTheEndsOfIntAreReadOrRefusedNotTrapped() throws {
    func file(start: String, color: String, target: String) throws -> ImportFile {
      try fixture(
        "table-habit-export.json",
        replacing: [
          (#""start_date":20089"#, #""start_date":"# + start),
          (#""color":2,"#, #""color":"# + color + ","),
          (#""target_days":66"#, #""target_days":"# + target),
        ])
    }
    let huge = "9223372036854775807"
    let low = "-9223372036854775808"
    for start in [huge, low] {
      let error = #expect(throws: ImportError.self) {
        try TableHabitJSON.read(try file(start: start, color: "2", target: "66"), today: today)
      }
      #expect(error?.message.contains("start_date") == true)
    }
    let read = try TableHabitJSON.read(
      try file(start: "20089", color: low, target: huge), today: today)
    #expect(read.habits[0].habit.goal == .forever)
  }

  @Test func aLoopDatabaseWithHugeNumbersReadsOrRefusesWithoutATrap() throws {
    var habit = LoopHabitRecord(id: 1, name: "Huge")
    habit.frequencyNumerator = 700_000_000_000_000_000
    habit.frequencyDenominator = 700_000_000_000_000_001
    habit.position = Int.min
    habit.reminderHour = Int.max
    habit.reminderMinute = Int.min
    habit.reminderDays = Int.min
    habit.color = Int64.min
    let day: Int64 = 19_860 * 86_400_000
    let read = try LoopDatabaseRecords(
      habits: [habit], repetitions: [LoopRepetitionRecord(habit: 1, timestamp: day, value: .max)],
      file: "loop.db"
    ).document()
    #expect(read.habits[0].habit.schedule == .everyDay)
    let far = LoopDatabaseRecords(
      habits: [habit], repetitions: [LoopRepetitionRecord(habit: 1, timestamp: .max)],
      file: "loop.db")
    #expect(throws: ImportError.self) { try far.document() }
  }

  @Test func aLoopDatabaseOfMoreRowsThanTheLimitIsRefused() {
    let rows = LoopDatabaseRecords(
      habits: [LoopHabitRecord(id: 1, name: "A")],
      repetitions: Array(
        repeating: LoopRepetitionRecord(habit: 1, timestamp: 0), count: ImportLimits.entries + 1),
      file: "loop.db")
    #expect(throws: ImportError.self) { try rows.document() }
  }
}
