import Foundation
import HabitInterop
import PropertyBased
import Testing

/// The CSV reader: quoted cells with commas, doubled quotes and line breaks, CR LF, a byte order
/// mark, and the line each row starts on.
@Suite struct CSVTableTests {
  @Test func quotedCellsKeepCommasQuotesAndLineBreaks() throws {
    let table = try CSVTable(
      ImportFile(
        path: "a.csv",
        text: "\u{FEFF}Date,Value,Notes\r\n2015-01-23,YES_AUTO,\"Forgot, really\"\r\n\r\n"
          + "2015-01-19,NO,\"\"\"Vacation\"\"\nand more\"\n2015-01-18,SKIP,"))
    #expect(table.header == ["Date", "Value", "Notes"])
    #expect(
      table.body.map(\.cells) == [
        ["2015-01-23", "YES_AUTO", "Forgot, really"],
        ["2015-01-19", "NO", "\"Vacation\"\nand more"], ["2015-01-18", "SKIP", ""],
      ])
    #expect(table.rows.map(\.line) == [1, 2, 4, 6])
    #expect(table.column("Notes") == 2)
  }

  @Test func anUnclosedQuoteIsAnErrorAtItsRow() {
    #expect(
      throws: ImportError(
        file: "b.csv", line: 2, message: "A quoted value is not closed; the file may be cut short.")
    ) {
      try CSVTable(ImportFile(path: "b.csv", text: "a,b\n\"open,c\nd\n"))
    }
  }

  @Test func anyCellsWrittenQuotedReadBackTheSame() async {
    let alphabet = Array("ab ,\"\n\r1é😀")
    await propertyCheck(
      count: 200,
      input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...6).array(of: 1...4).array(
        of: 1...5)
    ) { rows in
      let cells = rows.map { row in row.map { String($0.map { alphabet[$0] }) } }
      let text = cells.map { row in
        row.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
          .joined(separator: ",")
      }.joined(separator: "\n")
      let table = try CSVTable(ImportFile(path: "c.csv", text: text))
      // A row of one empty cell reads as a blank line, which is dropped.
      #expect(table.rows.map(\.cells) == cells.filter { $0 != [""] })
    }
  }
}
