import Testing

@testable import HabitServer

/// An operator reads the bounds in `habit serve --help`; they must be the ones the server keeps.
struct ImportLimitsHelpTests {
  @Test func serveHelpSaysEveryBoundOnAnUploadWithItsFigure() {
    let text = ImportLimitsHelp.text
    for figure in [
      "at most 100 MB", "at most 10,000 files", "100 MB in all", "100 times its zipped size",
      "zip inside a zip is refused", "1,000 habits", "1,000,000 recorded days",
      "at most 64 MB of uploads are read and applied at once",
      "with 32 waiting",
    ] {
      #expect(text.contains(figure), "\(figure) is missing from: \(text)")
    }
  }
}
