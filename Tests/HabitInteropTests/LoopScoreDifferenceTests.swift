import HabitCore
import HabitInterop
import Testing

/// The preview names, in words, every habit whose strength will differ from Loop's own.
@Suite struct LoopScoreDifferenceTests {
  /// meshOlake's files with `old` replaced by `new` in the file at `path`.
  private func files(_ path: String, replacing old: String, with new: String) throws
    -> [ImportFile]
  {
    try LoopCSVFixtures.files("loop-meshOlake").map { file in
      guard file.path == path else { return file }
      let text = String(decoding: file.bytes, as: UTF8.self)
      #expect(text.contains(old))
      return ImportFile(path: file.path, bytes: Array(text.replacing(old, with: new).utf8))
    }
  }

  private func scoreMessages(_ document: ImportDocument) -> [Approximation] {
    document.approximations.filter { $0.message.hasPrefix("Loop's strength") }
  }

  @Test func habitsThatScoreAsLoopDidNameNoDifference() throws {
    let document = try LoopCSVFixtures.document("loop-meshOlake")
    #expect(scoreMessages(document).isEmpty, "\(scoreMessages(document))")
  }

  @Test func aHabitWhoseScoreDiffersIsNamedWithBothNumbers() throws {
    let document = try LoopCSV.document(
      try files(
        "Scores.csv", replacing: "0.7979,0.5960,", with: "0.7979,0.7000,"))
    let messages = scoreMessages(document)
    #expect(messages.map(\.habitTitle) == ["Gym"])
    #expect(
      messages.first?.message.hasPrefix(
        "Loop's strength on 18 April 2025 is 70.0%; HabitFlow will show 59.6%, because ") == true,
      "\(messages)")
  }

  @Test func aNumericHabitNoRuleReproducesKeepsItsStandInAndSaysSo() throws {
    let document = try LoopCSV.document(
      try files("Scores.csv", replacing: "2025-04-18,0.9876,", with: "2025-04-18,0.5000,"))
    let vaping = try #require(LoopCSVFixtures.habit("Vaping", in: document))
    #expect(vaping.habit.direction == .build)
    #expect(vaping.habit.measure == .quantity(target: .one, unit: "units"))
    #expect(scoreMessages(document).map(\.habitTitle) == ["Vaping"])
  }

  @Test func anAmountHabitFlowCannotHoldIsNamedAsLeftOut() throws {
    let document = try LoopCSV.document(
      try files("Checkmarks.csv", replacing: "2025-04-18,0,", with: "2025-04-18,-5000,"))
    let vaping = try #require(LoopCSVFixtures.habit("Vaping", in: document))
    #expect(!vaping.entries.contains { $0.day == LoopCSVFixtures.day("2025-04-18") })
    #expect(
      document.approximations.contains {
        $0.habitTitle == "Vaping" && $0.message.contains("left out")
          && $0.message.contains("18 April 2025")
      })
  }
}
