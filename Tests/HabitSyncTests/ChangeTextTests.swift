import HabitSync
import PropertyBased
import Testing

/// The fast writer must give byte for byte what the JSON tree gives, and the direct reader read
/// it back, or stored replicas and imports would read back differently.
@Suite struct ChangeTextTests {
  /// Text with the characters JSON escapes, multi-byte letters and emoji.
  private static let pieces = [
    "a", "Read", "\"", "\\", "\n", "\r", "\t", "\u{01}", "\u{1F}", "é", "日本", "🏃‍♀️", " ", "/",
  ]

  @Test func writesTheSameBytesAsTheJSONTreeForAnyChange() async {
    await propertyCheck(
      count: 400, input: Gen.int(in: 0...4), Gen.int(in: -2_000_000_000...2_000_000_000),
      Gen.int(in: 0...13), Gen.int(in: 0...13), Gen.int(in: 0...99_999)
    ) { kind, number, first, second, counter in
      let text = Self.pieces[first] + Self.pieces[second] + Self.pieces[first]
      let value: FieldValue =
        switch kind {
        case 0: .null
        case 1: .bool(number % 2 == 0)
        case 2: .int(Int64(number) * 1_000_003)
        case 3: .text(text)
        default: .int(Int64.min + Int64(counter))
        }
      let change = Change(
        id: "web-" + String(counter) + "." + String(number),
        field: FieldKey(.entry, "habit-" + Self.pieces[second] + "/2026-11-22", "value"),
        value: value,
        stamp: Stamp(
          // Walls of every width up to the fifteen digits a stamp holds.
          wall: Int64(number.magnitude) * Int64(1 + counter % 3 * 249_999), counter: counter,
          device: "web"))
      let written = ChangeText.array([change, change])
      #expect(
        written
          == JSONWriter.write(
            .array([
              WireCodec.json(change), WireCodec.json(change),
            ])))
      // And the direct reader reads back exactly what was written, refusing, as the wire does,
      // integers JavaScript cannot hold exactly.
      let read = try? JSONParser.changes(written, path: "changes")
      if case .int(let number) = value, number.magnitude > 9_007_199_254_740_991 {
        #expect(read == nil)
      } else {
        #expect(read == [change, change])
      }
    }
  }

  @Test func anEmptyListIsAnEmptyArray() {
    #expect(ChangeText.array([Change]()) == "[]")
  }
}
