import HabitCore
import HabitInterop
import HabitSync
import Testing

@Suite struct DetectTests {
  private let today = Day(iso: "2026-11-23")!

  private func document(_ files: [ImportFile]) throws(ImportError) -> ImportDocument {
    try Importer.document(files, today: today)
  }

  private func refusal(_ files: [ImportFile]) -> ImportError? {
    #expect(throws: ImportError.self) { try document(files) }
  }

  @Test func aLoopExportZipIsUnzippedAndReadAsLoopCSV() throws {
    let zip = try interopFixture("detect-loop-export.zip")
    let result = try document([zip])
    #expect(result.format == .loopCSV)
    #expect(result.habits.map(\.habit.title) == ["Meditate", "Wake up early"])
    // Wake up early's ten days: 6 done, 3 automatic, 1 no.
    #expect(result.habits[1].entries.count == 10)
    #expect(result.habits[1].entries.filter { $0.mark == .auto }.count == 3)
  }

  @Test func loopFilesChosenOnTheirOwnReadAsTheirZipDoes() throws {
    let zip = try interopFixture("detect-loop-export.zip")
    let loose = try Zip.files(zip.bytes, name: zip.path)
    #expect(try document(loose) == (try document([zip])))
    let habitsAlone = loose.filter { $0.path == "Checkmarks.csv" }
    #expect(try document(habitsAlone).format == .loopCSV)
  }

  @Test func aLoopCSVUnderAnotherNameIsToldByItsHeader() throws {
    let zip = try interopFixture("detect-loop-export.zip")
    let loose = try Zip.files(zip.bytes, name: zip.path)
    for name in ["Habits.csv", "Checkmarks.csv"] {
      let file = try #require(loose.first { $0.path == name })
      let renamed = ImportFile(path: "upload", bytes: file.bytes)
      #expect(try document([renamed]) == (try document([file])))
    }
  }

  @Test func beaverAndTableHabitJSONAreToldApart() throws {
    #expect(try document([try interopFixture("beaver-export.json")]).format == .beaver)
    #expect(try document([try interopFixture("table-habit-export.json")]).format == .tableHabit)
  }

  @Test func harshFilesAreRecognisedByTheirNames() throws {
    let habits = ImportFile(path: "harsh/habits", bytes: try interopFixture("harsh-habits").bytes)
    let log = ImportFile(path: "harsh/log", bytes: try interopFixture("harsh-log").bytes)
    #expect(try document([habits, log]).format == .harsh)
  }

  @Test func aHabitFlowBackupRestoresWhatItSaved() throws {
    var replica = Replica(device: "source")
    let habit = Habit(id: "h1", title: "Read", category: "self", startDay: today)
    try replica.perform([.addHabit(habit)], wall: 1, today: today)
    let backup = ImportFile(
      path: "habitflow-backup.json", bytes: Backup.document(of: replica, exportedAt: 2))
    let result = try document([backup])
    #expect(result.format == .backup)
    #expect(result.habits.map(\.habit) == [habit])
  }

  @Test func aZippedJSONExportIsUnzippedFirst() throws {
    let beaver = try interopFixture("beaver-export.json")
    let zip = ZipPatch.storedZip([beaver])
    #expect(try document([ImportFile(path: "beaver.zip", bytes: zip)]).format == .beaver)
  }

  @Test func aLoopDatabaseSaysItNeedsTheServer() throws {
    let database = try interopFixture("detect-loop-v12.db")
    #expect(Importer.isDatabase(database.bytes))
    let error = refusal([database])
    #expect(error?.file == "detect-loop-v12.db")
    #expect(error?.message.contains("read on the server") == true)
    let zipped = ImportFile(path: "backup.zip", bytes: ZipPatch.storedZip([database]))
    #expect(refusal([zipped])?.file == "detect-loop-v12.db")
  }

  @Test func somethingUnknownListsWhatIsSupported() {
    let error = refusal([ImportFile(path: "notes.txt", text: "Buy milk\n")])
    #expect(
      error?.description
        == "notes.txt: HabitFlow cannot tell what this is. It imports " + Importer.supportedFormats
        + ".")
    let json = refusal([ImportFile(path: "data.json", text: "{\"tasks\": []}")])
    #expect(json?.message.hasPrefix("HabitFlow cannot tell what this is.") == true)
  }

  @Test func anEmptyUploadIsRefused() {
    #expect(refusal([ImportFile(path: "empty.csv", bytes: [])])?.message == "The upload is empty.")
    #expect(refusal([])?.file == "upload")
  }

  @Test func anUploadOver100MBIsRefusedBeforeItIsRead() {
    let big = ImportFile(path: "big.csv", bytes: [UInt8](repeating: 0x41, count: 60_000_000))
    let error = refusal([big, ImportFile(path: "big2.csv", bytes: big.bytes)])
    #expect(error?.message == "The file is 120 MB; HabitFlow imports files up to 100 MB.")
  }
}
