import HabitSync
import Testing

@Suite struct JSONTests {
  @Test func parsesAndWritesEveryKindOfValue() throws {
    let text =
      #"{"a":[1,-2,3.5,1e3],"b":{"c":true,"d":false,"e":null},"f":"x\"y\\z\n\u00e9\ud83d\ude00"}"#
    let value = try JSONParser.parse(text)
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.0) == ["a", "b", "f"])
    #expect(members[2].1 == .string("x\"y\\z\né😀"))
    #expect(try JSONParser.parse(JSONWriter.write(value)) == value)
    #expect(JSONWriter.write(.string("tab\tctl\u{01}")) == #""tab\tctl\u0001""#)
  }

  @Test(arguments: [
    ("", "unexpected end"), ("{", "expected a member name"),
    (#"{"a":1,}"#, "expected a member name"),
    ("[1,]", "unexpected character"), (#"{"a":1,"a":2}"#, "duplicate member"),
    ("01", "unexpected text"),
    (#""\ud800""#, "lone surrogate"), ("\"a\u{01}\"", "control character"),
    ("tru", "unexpected end"),
    ("[1 2]", "expected ',' or ']'"), ("1.", "bad number"), (#""\x""#, "bad escape"),
    (String(repeating: "[", count: 100), "nesting deeper"),
  ])
  func refusesMalformedInputSayingWhatIsWrong(input: String, reason: String) {
    do {
      _ = try JSONParser.parse(input)
      Issue.record("accepted \(input)")
    } catch {
      guard case .malformed(_, let message) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(message.contains(reason), "\(message)")
      #expect(error.message.hasPrefix("The request is not valid JSON"))
    }
  }

  @Test func refusesBytesThatAreNotUTF8() {
    let bytes: [UInt8] = [0x22, 0xFF, 0xFE, 0x22]
    #expect(throws: WireError.malformed(offset: 4, reason: "a string is not valid UTF-8")) {
      try JSONParser.parse(bytes)
    }
  }
}
