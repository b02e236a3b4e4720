import HabitApp
import HabitSync
import Testing

/// A download that fails says so beside the download buttons and leaves an import's preview on
/// screen, so a person does not have to choose the file again.
@Suite struct ExportFailureTests {
  /// The panel is the on-demand module's; these tests show it.
  init() { dataPanel = DataView.render }

  @Test func aFailedDownloadKeepsTheOpenPreviewAndSaysWhyBesideTheButtons() {
    var host = AppHost()
    _ = host.handle(BrowserStore().boot(device: "web-a", now: 1_795_348_800_000, onboarded: true))
    _ = host.handle(event("tab", "account"))
    _ = host.handle(event("import-file", "", "loop.zip"))
    let preview =
      #"{"habits":2,"newHabits":2,"existingHabits":0,"deletedHabits":0,"checkIns":10,"skips":1,"notes":0,"noes":3,"automaticYeses":0,"approximations":[]}"#
    _ = host.handle(#"{"t":"importPreview","preview":"# + preview + "}")
    #expect(host.state?.dataImport.phase == .previewed)
    _ = host.handle(event("export", "json"))
    let shown = host.handle(#"{"t":"exportError","message":"The backup could not be made."}"#)
    #expect(host.state?.dataImport.phase == .previewed)
    #expect(shown.contains("import-confirm"))
    #expect(shown.contains(#"id=\"export-error\""#) && shown.contains("could not be made"))
    #expect(!shown.contains(#"id=\"import-error\""#))
    // The next download starts without the old message.
    let again = host.handle(event("export", "csv"))
    #expect(!again.contains("export-error"))
  }
}
