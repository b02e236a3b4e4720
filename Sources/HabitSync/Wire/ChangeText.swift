/// Writes changes as the wire's JSON text straight into bytes, the same bytes `JSONWriter` gives
/// for `WireCodec.json`: a stored replica or an import holds a hundred thousand changes, and
/// building a `JSON` tree for each costs the web module seconds.
public enum ChangeText {
  /// `[change,change,…]`.
  public static func array<S: Sequence>(_ changes: S) -> String where S.Element == Change {
    var output: [UInt8] = []
    appendArray(changes, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  public static func appendArray<S: Sequence>(_ changes: S, to output: inout [UInt8])
  where S.Element == Change {
    output.append(UInt8(ascii: "["))
    var first = true
    for change in changes {
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      append(change, to: &output)
    }
    output.append(UInt8(ascii: "]"))
  }

  public static func append(_ change: Change, to output: inout [UInt8]) {
    append(change, queued: false, to: &output)
  }

  /// The change, with `"q":true` when `queued`: how a stored replica marks a field state that
  /// is also waiting in the outbox, so it is written (and read) once.
  public static func append(_ change: Change, queued: Bool, to output: inout [UInt8]) {
    append(
      id: change.id, field: change.field, value: change.value, stamp: change.stamp,
      queued: queued, to: &output)
  }

  /// A change from its parts: a stored replica writes each field state this way, without
  /// making a `Change` of it first.
  public static func append(
    id: String, field: FieldKey, value: FieldValue, stamp: Stamp, queued: Bool,
    to output: inout [UInt8]
  ) {
    output.append(contentsOf: #"{"id":"#.utf8)
    appendString(id, to: &output)
    output.append(contentsOf: #","entity":"#.utf8)
    appendString(field.record.entity.rawValue, to: &output)
    output.append(contentsOf: #","key":"#.utf8)
    appendString(field.record.key, to: &output)
    output.append(contentsOf: #","field":"#.utf8)
    appendString(field.field, to: &output)
    output.append(contentsOf: #","value":"#.utf8)
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .int(let number): appendInteger(number, to: &output)
    case .text(let text): appendString(text, to: &output)
    }
    output.append(contentsOf: #","stamp":"#.utf8)
    appendStamp(stamp, to: &output)
    if queued { output.append(contentsOf: #","q":true"#.utf8) }
    output.append(UInt8(ascii: "}"))
  }

  /// A string literal with `JSONWriter.writeString`'s escapes: quotes, backslashes and control
  /// characters; every other byte as it is. Runs without an escape are copied whole.
  public static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      for index in 0..<bytes.count {
        let byte = bytes[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        appendEscaped(byte, to: &output)
        start = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    output.append(UInt8(ascii: "\""))
  }

  private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
    switch byte {
    case 0x22: output.append(contentsOf: #"\""#.utf8)
    case 0x5C: output.append(contentsOf: #"\\"#.utf8)
    case 0x0A: output.append(contentsOf: #"\n"#.utf8)
    case 0x0D: output.append(contentsOf: #"\r"#.utf8)
    case 0x09: output.append(contentsOf: #"\t"#.utf8)
    default:
      output.append(contentsOf: #"\u00"#.utf8)
      output.append(hexDigit(byte >> 4))
      output.append(hexDigit(byte & 0xF))
    }
  }

  /// `Stamp.text` as a string literal, written without building the text: fixed-width wall
  /// and counter, then the device id, whose characters need no escaping. A stamp no clock or
  /// parser makes (negative, or a device id with other characters) is written from its text.
  static func appendStamp(_ stamp: Stamp, to output: inout [UInt8]) {
    guard stamp.wall >= 0, stamp.counter >= 0, DeviceID.isValid(stamp.device) else {
      appendString(stamp.text, to: &output)
      return
    }
    output.append(UInt8(ascii: "\""))
    appendDigits(stamp.wall.magnitude, width: 15, to: &output)
    output.append(UInt8(ascii: "-"))
    appendDigits(UInt64(stamp.counter.magnitude), width: 5, to: &output)
    output.append(UInt8(ascii: "-"))
    output.append(contentsOf: stamp.device.utf8)
    output.append(UInt8(ascii: "\""))
  }

  /// `value` in decimal, zero-padded to `width` digits (longer when it needs more).
  private static func appendDigits(_ value: UInt64, width: Int, to output: inout [UInt8]) {
    var digits = 1
    var divisor: UInt64 = 1
    while value / divisor >= 10 {
      divisor *= 10
      digits += 1
    }
    for _ in digits..<max(width, digits) { output.append(UInt8(ascii: "0")) }
    while divisor > 0 {
      output.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }

  public static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
    if number < 0 { output.append(UInt8(ascii: "-")) }
    let magnitude = number.magnitude
    var divisor: UInt64 = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      output.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
      divisor /= 10
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
