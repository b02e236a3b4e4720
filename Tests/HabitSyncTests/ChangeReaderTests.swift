import HabitSync
import Testing

/// The direct reader of change arrays must read exactly what the JSON tree and `WireCodec` read,
/// and refuse what they refuse with the same words, or a stored replica would load differently.
@Suite struct ChangeReaderTests {
  private static func viaTree(_ text: String) throws(WireError) -> [Change] {
    guard case .array(let items) = try JSONParser.parse(text) else {
      throw .wrongType(
        path: "changes", expected: "an array", found: try JSONParser.parse(text).kindName)
    }
    return try WireCodec.changes(items, path: "changes")
  }

  @Test func readsMembersInAnyOrderWithWhitespaceAndEscapesAsJavaScriptWritesThem() throws {
    let text = """
       [ {"stamp":"001763769600000-00000-web","value":"a\\b\\f\\u00e9\\/","field":"note",
       "key":"h1/2026-11-22","entity":"entry","id":"web.1"} , {"id":"web.2","entity":"habit",
       "key":"h1","field":"order","value":-12,"stamp":"001763769600001-00000-web"} ]
      """
    let read = try JSONParser.changes(text, path: "changes")
    #expect(read == (try Self.viaTree(text)))
    #expect(read[0].value == .text("a\u{08}\u{0C}é/") && read[1].value == .int(-12))
    #expect(try JSONParser.changes(" [ ] ", path: "changes").isEmpty)
  }

  @Test func refusesWhatTheTreeRefusesWithTheSameMessage() {
    let stamp = #""stamp":"001763769600000-00000-web""#
    let cases = [
      #"[{"id":"a","entity":"goal","key":"k","field":"f","value":1,"#
        + stamp + "}]",
      #"[{"id":"a","entity":"habit","key":"k","field":"f","value":[1],"# + stamp + "}]",
      #"[{"id":"a","entity":"habit","key":"k","field":"f","value":1.5,"# + stamp + "}]",
      #"[{"id":"a","entity":"habit","key":"k","field":"f","value":1,"stamp":"soon"}]"#,
      #"[{"id":"a","entity":"habit","key":"k","value":1,"# + stamp + "}]",
      #"[{"id":"a","entity":"habit","key":"k","field":"f","value":1,"extra":2,"# + stamp + "}]",
      #"[{"id":7,"entity":"habit","key":"k","field":"f","value":1,"# + stamp + "}]",
      #"[{"id":"a","id":"b","entity":"habit","key":"k","field":"f","value":1,"# + stamp + "}]",
      #"[{"id":"a","entity":"habit","key":"k","field":"f","value":1,"# + stamp + "},]",
      "[{\"id\":\"a\u{01}\",\"entity\":\"habit\",\"key\":\"k\",\"field\":\"f\",\"value\":1,"
        + stamp + "}]",
      #"[{"id":"a","entity":"habit","key":"k","field":"f","value":1,"# + stamp,
      "[1]", "{}", "[",
    ]
    for text in cases {
      var direct: WireError?
      var tree: WireError?
      do { _ = try JSONParser.changes(text, path: "changes") } catch { direct = error }
      do { _ = try Self.viaTree(text) } catch { tree = error }
      #expect(direct != nil, "accepted \(text)")
      #expect(direct?.message == tree?.message, "\(text)")
    }
  }

  @Test func storedFieldStatesMayBeMarkedQueuedAndTheWireMayNot() throws {
    let stamp = #""stamp":"001763769600000-00000-web""#
    let text =
      #"[{"id":"a","entity":"habit","key":"k","field":"f","value":1,"# + stamp + #","q":true},"#
      + #"{"id":"b","entity":"habit","key":"k","field":"g","value":2,"# + stamp + "}]"
    let bytes = Array(text.utf8)
    let stored = try JSONParser.storedChanges(bytes, in: 0..<bytes.count, path: "fields")
    #expect(stored.changes.map(\.id) == ["a", "b"] && stored.queued == [0])
    #expect(throws: WireError.unknownMember(path: "changes[0].q")) {
      try JSONParser.changes(text, path: "changes")
    }
  }
}
