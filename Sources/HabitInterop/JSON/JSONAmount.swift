public import HabitCore

/// JSON numbers as amounts: other trackers write doubles (0.3333333, 1.5e2), HabitFlow keeps
/// thousandths, so a number is rounded half away from zero to the nearest thousandth.
enum JSONAmount {
  /// The amount a JSON number's text means, or nil past a billion.
  static func rounded(_ text: String) -> Amount? {
    var digits: [Int64] = []
    var pointIndex: Int?
    var exponent = 0
    var negative = false
    var bytes = Substring(text).utf8[...]
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes = bytes.dropFirst()
    }
    var exponentText = ""
    var inExponent = false
    for byte in bytes {
      if inExponent {
        exponentText.append(Character(Unicode.Scalar(byte)))
      } else if byte == UInt8(ascii: ".") {
        pointIndex = digits.count
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        inExponent = true
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits.append(Int64(byte - UInt8(ascii: "0")))
      } else {
        return nil
      }
    }
    if inExponent {
      if exponentText.hasPrefix("+") { exponentText.removeFirst() }
      guard let value = Int(exponentText), value.magnitude < 40 else { return nil }
      exponent = value
    }
    // The digits' value is digits × 10^(shift); thousandths need shift + 3.
    let shift = exponent - (digits.count - (pointIndex ?? digits.count)) + 3
    var whole: Int64 = 0
    var nextDigit: Int64 = 0
    let kept = digits.count + shift
    for (index, digit) in digits.enumerated() {
      if index < kept {
        guard whole < 100_000_000_000_000 else { return nil }
        whole = whole * 10 + digit
      } else if index == kept {
        nextDigit = digit
      }
    }
    if shift > 0 {
      for _ in 0..<shift {
        guard whole < 100_000_000_000_000 else { return nil }
        whole *= 10
      }
    }
    if nextDigit >= 5 && kept >= 0 { whole += 1 }
    guard whole <= 1_000_000_000_000 else { return nil }
    return Amount(thousandths: negative ? -whole : whole)
  }
}
