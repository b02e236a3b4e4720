import HabitCore
import HabitInterop
import Testing

/// A Loop export that is cut short or wrong says what and where, and imports nothing.
@Suite struct LoopCSVBadInputTests {
  private let habits =
    "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
    + "Target Type,Target Value,Archived?\n"
    + "001,Meditate,YES_NO,,,1,1,#FF8F00,,,,false\n"
    + "002,Walk,YES_NO,,,1,1,#00897B,,,,false\n"

  private func error(_ files: [ImportFile]) -> ImportError? {
    do {
      _ = try LoopCSV.document(files)
      return nil
    } catch {
      return error
    }
  }

  private func withWide(_ wide: String) -> [ImportFile] {
    [ImportFile(path: "Habits.csv", text: habits), ImportFile(path: "Checkmarks.csv", text: wide)]
  }

  @Test func aRowWithTooFewCellsNamesItsLine() {
    #expect(
      error(withWide("Date,Meditate,Walk,\n2024-03-02,YES_MANUAL,NO,\n2024-03-01,YES_MANUAL\n"))
        == ImportError(
          file: "Checkmarks.csv", line: 3,
          message: "This row has 1 values for 2 habits; the file may be cut short."))
    let cut = habits + "003,Run,YES_NO,,"
    #expect(error([ImportFile(path: "Habits.csv", text: cut)])?.line == 4)
  }

  @Test func anUnterminatedQuoteNamesTheLineItOpensOn() {
    let files = [
      ImportFile(path: "Habits.csv", text: habits),
      ImportFile(
        path: "001 Meditate/Checkmarks.csv",
        text: "Date,Value,Notes\n2024-03-02,YES_MANUAL,ok\n2024-03-01,NO,\"Half a\nnote"),
    ]
    #expect(
      error(files)
        == ImportError(
          file: "001 Meditate/Checkmarks.csv", line: 3,
          message: "A quoted value is not closed; the file may be cut short."))
  }

  @Test func aDateThatDoesNotExistIsNamed() {
    #expect(
      error(withWide("Date,Meditate,Walk,\n2021-02-30,YES_MANUAL,NO,\n"))
        == ImportError(
          file: "Checkmarks.csv", line: 2, message: "The date 2021-02-30 does not exist."))
    #expect(error(withWide("Date,Meditate,Walk,\n02-30-21,YES_MANUAL,NO,\n"))?.line == 2)
  }

  @Test func twoHabitsOfTheSameNameAreRefused() {
    let twice = habits + "003,walk ,YES_NO,,,1,1,#00897B,,,,false\n"
    #expect(
      error([ImportFile(path: "Habits.csv", text: twice)])
        == ImportError(
          file: "Habits.csv", line: 4,
          message: "Two habits are named \"walk \"; rename one and export again."))
    #expect(
      error([ImportFile(path: "Checkmarks.csv", text: "Date,Run,Run\n2024-03-01,2,2\n")])?.line == 1
    )
  }

  @Test func anUnknownValueWordIsNamed() {
    #expect(
      error(withWide("Date,Meditate,Walk,\n2024-03-02,YES_MANUAL,MAYBE,\n"))
        == ImportError(
          file: "Checkmarks.csv", line: 2,
          message:
            "\"MAYBE\" is not a Loop value (YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN or a number)."))
    // A yes/no habit holds only Loop's codes.
    #expect(error(withWide("Date,Meditate,Walk,\n2024-03-02,YES_MANUAL,5000,\n"))?.line == 2)
  }

  @Test func filesThatAreNotALoopExportAreRefused() {
    #expect(error([ImportFile(path: "notes.txt", text: "hello")])?.file == "notes.txt")
    #expect(
      error(withWide("Date,Meditate,Swim,\n2024-03-02,YES_MANUAL,NO,\n"))?.message
        == "The column \"Swim\" names no habit of Habits.csv.")
  }
}
