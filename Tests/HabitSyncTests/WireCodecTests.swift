import Foundation
import HabitCore
import HabitSync
import Testing

@Suite struct WireCodecTests {
  private func fixture(_ name: String) throws -> String {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
    return try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .newlines)
  }

  private func stamp(_ offset: Int64, _ counter: Int = 0, _ device: String = "phone-1") -> Stamp {
    Stamp(wall: noon + offset, counter: counter, device: device)
  }

  private var request: SyncRequest {
    SyncRequest(
      device: "phone-1", cursor: 42,
      changes: [
        Change(
          id: "phone-1.7", field: FieldKey(.habit, "h1", "title"),
          value: .text("Drink \"water\" 💧"), stamp: stamp(0)),
        Change(
          id: "phone-1.8", field: FieldKey(.entry, "h1/2026-11-22", "add.phone-1"),
          value: .int(2000), stamp: stamp(0, 1)),
        Change(
          id: "phone-1.9", field: FieldKey(.habit, "h2", "deleted"), value: .bool(true),
          stamp: stamp(1)),
        Change(
          id: "phone-1.10", field: FieldKey(.entry, "h1/2026-11-21", "note"), value: .null,
          stamp: stamp(2)),
      ])
  }

  private var response: SyncResponse {
    SyncResponse(
      accepted: 3,
      refused: [
        Refusal(changeID: "phone-1.10", code: "invalid_change", message: "\"note\" must be text.")
      ],
      changes: [
        Change(
          id: "laptop.3", field: FieldKey(.category, "garden", "name"), value: .text("Garden"),
          stamp: stamp(-1000, 0, "laptop"))
      ], cursor: 57, hasMore: true)
  }

  private var backup: Backup {
    Backup(fields: [
      Change(
        id: "phone-1.1", field: FieldKey(.habit, "h1", "schedule"), value: .text("weekdays:21"),
        stamp: stamp(0)),
      Change(
        id: "phone-1.2", field: FieldKey(.setting, "firstWeekday", "value"), value: .int(1),
        stamp: stamp(0, 1)),
    ])
  }

  @Test func syncRequestsMatchTheGoldenFile() throws {
    let golden = try fixture("sync-request")
    #expect(WireCodec.encode(WireCodec.json(request)) == golden)
    #expect(try WireCodec.syncRequest(JSONParser.parse(golden)) == request)
  }

  @Test func syncResponsesMatchTheGoldenFile() throws {
    let golden = try fixture("sync-response")
    #expect(WireCodec.encode(WireCodec.json(response)) == golden)
    #expect(try WireCodec.syncResponse(JSONParser.parse(golden)) == response)
  }

  /// Refusals carry the code of the rule a change breaks (added after version 1): the document's
  /// shape is unchanged, so an old client reads it as before.
  @Test func ruleRefusalsMatchTheGoldenFile() throws {
    func change(_ number: Int, _ field: String, _ value: FieldValue, ahead: Int64 = 0) -> Change {
      Change(
        id: "phone-1.\(number)", field: FieldKey(.habit, "h1", field), value: value,
        stamp: stamp(ahead, number))
    }
    let changes = [
      change(10, "title", .text("Read")), change(11, "measure", .text("count:1:0")),
      change(12, "title", .text("\u{200B}")), change(13, "colour", .text("#FFFFFF")),
      change(14, "order", .int(1), ahead: HybridClock.maximumDrift + 1),
    ]
    let (valid, refused) = ChangeValidation.screen(changes, wall: noon)
    let answer = SyncResponse(
      accepted: valid.count, refused: refused, changes: [], cursor: 57, hasMore: false)
    let golden = try fixture("sync-response-rule-codes")
    #expect(WireCodec.encode(WireCodec.json(answer)) == golden)
    #expect(try WireCodec.syncResponse(JSONParser.parse(golden)) == answer)
  }

  @Test func backupsMatchTheGoldenFile() throws {
    let golden = try fixture("backup")
    #expect(WireCodec.encode(WireCodec.json(backup)) == golden)
    #expect(try WireCodec.backup(JSONParser.parse(golden)) == backup)
  }

  @Test func malformedDocumentsNameWhatIsWrong() throws {
    let change =
      #"{"id":"a.1","entity":"habit","key":"h1","field":"title","value":"x","stamp":"001795348800000-00000-a"}"#
    func requestError(_ text: String) -> WireError? {
      do {
        _ = try WireCodec.decode(text, limit: 10_000, WireCodec.syncRequest)
        return nil
      } catch { return error }
    }
    #expect(requestError(#"{"device":"a","cursor":0}"#) == .missingMember(path: "request.changes"))
    #expect(
      requestError(#"{"device":"a","cursor":"0","changes":[]}"#)
        == .wrongType(path: "request.cursor", expected: "an integer", found: "a string"))
    #expect(
      requestError(#"{"device":"a","cursor":0,"changes":[],"extra":1}"#)
        == .unknownMember(path: "request.extra"))
    #expect(
      requestError(#"{"device":"a","cursor":-1,"changes":[]}"#)
        == .invalidValue(path: "request.cursor", reason: "it must be 0 or more"))
    #expect(
      requestError(#"{"device":"a b","cursor":0,"changes":[]}"#)
        == .invalidValue(path: "request.device", reason: "use 1 to 64 letters, digits, '-' or '_'"))
    #expect(
      requestError(#"{"device":"a","cursor":1.5,"changes":[]}"#)
        == .invalidValue(path: "request.cursor", reason: "1.5 is not a whole number in range"))
    let badStamp = change.replacingOccurrences(of: "001795348800000-00000-a", with: "yesterday")
    #expect(
      requestError(#"{"device":"a","cursor":0,"changes":[\#(change),\#(badStamp)]}"#)
        == .invalidValue(
          path: "request.changes[1].stamp", reason: "\"yesterday\" is not a clock stamp"))
    let badEntity = change.replacingOccurrences(of: "habit", with: "goal")
    #expect(
      requestError(#"{"device":"a","cursor":0,"changes":[\#(badEntity)]}"#)
        == .invalidValue(
          path: "request.changes[0].entity", reason: "\"goal\" is not a known entity"))
    let nested = change.replacingOccurrences(of: #""x""#, with: "[1]")
    #expect(
      requestError(#"{"device":"a","cursor":0,"changes":[\#(nested)]}"#)
        == .wrongType(
          path: "request.changes[0].value", expected: "a string, integer, boolean or null",
          found: "an array"))
    #expect(requestError(String(repeating: " ", count: 10_001)) == .tooLarge(limit: 10_000))
    #expect(
      requestError("[]") == .wrongType(path: "request", expected: "an object", found: "an array"))
    #expect(
      WireError.missingMember(path: "request.changes").message == "request.changes is missing.")
  }

  @Test func aBackupOfAnotherFormatIsRefused() {
    #expect(
      throws: WireError.invalidValue(
        path: "backup.format", reason: "this is not a HabitFlow backup")
    ) {
      try WireCodec.backup(JSONParser.parse(#"{"format":"loop","version":1,"fields":[]}"#))
    }
    #expect(
      throws: WireError.invalidValue(path: "backup.version", reason: "version 2 is not supported")
    ) {
      try WireCodec.backup(
        JSONParser.parse(#"{"format":"habitflow-backup","version":2,"fields":[]}"#))
    }
  }

  @Test func fieldValuesRoundTripThroughTheirStorageText() throws {
    for value: FieldValue in [.null, .bool(true), .int(-9_007_199_254_740_991), .text("a\"b")] {
      #expect(try FieldValue(storageText: value.storageText) == value)
    }
  }
}
