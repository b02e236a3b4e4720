import HabitApp
import HabitCore
import HabitSync
import Testing

private let today = Day(iso: "2026-11-22")!
private let noon: Int64 = 1_795_348_800_000

/// The server's preview of a Loop export with two habits, as `POST /api/v1/import?preview=true`
/// answers it.
private let loopPreview = """
  {"mode":"merge","summary":"2 habits","habits":2,"newHabits":2,"existingHabits":0,
  "deletedHabits":3,"checkIns":412,"skips":4,"notes":1,"noes":7,"automaticYeses":31,
  "firstDay":"2024-03-01","lastDay":"2026-11-20",
  "approximations":[{"habit":"Wake up early","message":"a weekly target becomes 3 days a week"}]}
  """

private func signedIn(online: Bool = true) -> AppState {
  var state = AppState(
    replica: Replica(device: "web-test"), today: today, now: noon, onboarded: true)
  state.connection.email = "ada@example.com"
  state.connection.online = online
  _ = state.handle(.tab(.account))
  return state
}

private func previewed(replace: Bool = false) throws -> AppState {
  var state = signedIn()
  _ = state.handle(.importMode(replace: replace))
  _ = state.handle(.importFile("export.zip"))
  try state.dataImport.preview(try JSONParser.parse(loopPreview))
  return state
}

/// Account → Your data: a file is previewed, imported on confirmation, and exported, on this
/// device whether signed in or not.
@Suite struct DataImportTests {
  /// The panel is the on-demand module's; these tests show it.
  init() { dataPanel = DataView.render }

  @Test func signedOutAndOfflineThePanelStillImportsAndExportsOnThisDevice() {
    var state = AppState(
      replica: Replica(device: "web-test"), today: today, now: noon, onboarded: true)
    _ = state.handle(.tab(.account))
    #expect(Render.page(state).html.contains("id=\"import-file\" type=\"file\""))
    #expect(
      state.handle(.importFile("export.zip"))
        == [.runImport(replace: false, preview: true, server: false)])
    #expect(state.handle(.export(csv: false)) == [.export(csv: false)])
    var offline = signedIn(online: false)
    #expect(
      offline.handle(.importFile("loop.db"))
        == [.runImport(replace: false, preview: true, server: false)])
  }

  @Test func choosingAFileAsksForItsPreviewInTheChosenModeWithAProgressBar() {
    var state = signedIn()
    #expect(Render.page(state).html.contains("id=\"import-file\" type=\"file\""))
    _ = state.handle(.importMode(replace: true))
    #expect(
      state.handle(.importFile("export.zip"))
        == [.runImport(replace: true, preview: true, server: true)])
    let html = Render.page(state).html
    #expect(html.contains("Reading export.zip…"))
    #expect(html.contains("<progress id=\"import-progress\""))
  }

  @Test func thePreviewSaysEveryFigureAndApproximationInWords() throws {
    let html = Render.page(try previewed()).html
    for words in [
      "2 habits in the file: 2 new, 0 already here", "412 check-ins, 4 skips, 1 note",
      "7 days marked not done", "31 automatic yeses", "From 2024-03-01 to 2026-11-20",
      "Wake up early: a weekly target becomes 3 days a week", ">Import 2 habits</button>",
    ] {
      #expect(html.contains(words), "\(words)")
    }
    // Adding deletes nothing, so the deletions are not mentioned.
    #expect(!html.contains("deleted"))
  }

  @Test func replacingConfirmsWithADangerButtonThatSaysWhatIsDeleted() throws {
    let html = Render.page(try previewed(replace: true)).html
    #expect(html.contains("3 habits here that the file does not hold will be deleted"))
    #expect(
      html.contains(
        "class=\"danger primary\" id=\"import-confirm\">Replace everything and delete 3 habits<"))
  }

  @Test func replacingSaysWhichDaysItOverwritesOrErasesAndTheResultCountsThem() throws {
    var state = signedIn()
    _ = state.handle(.importMode(replace: true))
    _ = state.handle(.importFile("backup.json"))
    try state.dataImport.preview(
      try JSONParser.parse(
        #"{"mode":"replace","summary":"2 habits","habits":2,"newHabits":0,"existingHabits":2,"#
          + #""deletedHabits":3,"checkIns":12,"skips":0,"notes":0,"noes":0,"automaticYeses":0,"#
          + #""daysReplaced":2,"firstDay":"2026-11-01","lastDay":"2026-11-20","approximations":[]}"#
      ))
    #expect(
      Render.page(state).html.contains(
        "2 days here that the file holds differently or not at all will be overwritten or erased"))
    _ = state.handle(.importConfirm)
    try state.dataImport.imported(
      try JSONParser.parse(
        #"{"habitsAdded":0,"habitsUpdated":2,"habitsDeleted":3,"daysWritten":0,"daysCleared":2,"#
          + #""changes":9}"#))
    #expect(
      Render.page(state).html.contains(
        "Imported: 0 habits added, 2 updated, 3 deleted, 0 days written, 2 days emptied."))
  }

  @Test func confirmingImportsAndTheResultShowsAfterTheServerAnswers() throws {
    var state = try previewed()
    #expect(
      state.handle(.importConfirm) == [.runImport(replace: false, preview: false, server: true)])
    #expect(state.dataImport.phase == .applying)
    #expect(state.handle(.importConfirm) == [])
    try state.dataImport.imported(
      try JSONParser.parse(
        #"{"habitsAdded":2,"habitsUpdated":0,"habitsDeleted":0,"categoriesAdded":0,"#
          + #""categoriesDeleted":0,"placesSaved":0,"placesDeleted":0,"daysWritten":455,"#
          + #""daysCleared":0,"changes":470}"#))
    let html = Render.page(state).html
    #expect(html.contains("Imported: 2 habits added, 0 updated, 0 deleted, 455 days written."))
    #expect(html.contains("id=\"import-file\""))
  }

  @Test func aRefusedImportKeepsItsPreviewAndARefusedPreviewStartsOver() throws {
    var state = try previewed()
    _ = state.handle(.importConfirm)
    state.dataImport.failed("The import could not be saved just now.")
    #expect(state.dataImport.phase == .previewed)
    #expect(Render.page(state).html.contains(">Import 2 habits<"))
    _ = state.handle(.importFile("bad.csv"))
    state.dataImport.failed("Checkmarks.csv, line 4: 2024-02-30 is not a date.")
    let html = Render.page(state).html
    #expect(state.dataImport.phase == .choosing)
    #expect(html.contains("role=\"alert\">Checkmarks.csv, line 4: 2024-02-30 is not a date.<"))
    #expect(html.contains("id=\"import-file\""))
  }

  @Test func changingTheModeOfAPreviewAsksForItAgainAndCancelGoesBack() throws {
    var state = try previewed()
    #expect(
      state.handle(.importMode(replace: true))
        == [.runImport(replace: true, preview: true, server: true)])
    try state.dataImport.preview(try JSONParser.parse(loopPreview))
    #expect(state.handle(.importCancel) == [])
    #expect(state.dataImport.phase == .choosing)
  }

  @Test func theFileInputsPathIsReadAsTheFilesName() {
    #expect(
      AppEvent(name: "import-file", argument: "", value: #"C:\fakepath\export.zip"#)
        == .importFile("export.zip"))
    #expect(AppEvent(name: "import-file", argument: "", value: "") == nil)
  }

  @Test func theDownloadsAskTheShellForTheirFile() {
    var state = signedIn()
    let html = Render.page(state).html
    #expect(html.contains("id=\"export-json\">Download a backup (JSON)<"))
    #expect(state.handle(.export(csv: true)) == [.export(csv: true)])
  }

  @Test func theHostReadsTheServersAnswersAndSyncsAfterAnImport() throws {
    var host = AppHost()
    _ = host.handle(
      #"{"t":"boot","device":"web-a","now":1795348800000,"today":"2026-11-22","#
        + #""email":"ada@example.com","online":true,"onboarded":true}"#)
    _ = host.handle(event("tab", "account"))
    #expect(
      host.handle(event("import-file", "", "export.zip")).contains(
        #"{"t":"import","mode":"merge","preview":true,"server":true}"#))
    let preview = host.handle(#"{"t":"importPreview","preview":"# + loopPreview + "}")
    #expect(preview.contains("Import 2 habits"))
    #expect(host.handle(event("import-confirm")).contains(#""preview":false"#))
    let done = host.handle(
      #"{"t":"imported","summary":{"habitsAdded":2,"habitsUpdated":0,"habitsDeleted":0,"#
        + #""categoriesAdded":0,"categoriesDeleted":0,"placesSaved":0,"placesDeleted":0,"#
        + #""daysWritten":455,"daysCleared":0,"changes":470}}"#)
    #expect(done.contains(#"{"t":"sync"}"#))
    #expect(done.contains("455 days written"))
    let refused = host.handle(#"{"t":"importError","message":"Habits.csv, line 2: no name"}"#)
    #expect(refused.contains("Habits.csv, line 2: no name"))
  }
}
