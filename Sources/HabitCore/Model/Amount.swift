/// A count or quantity in thousandths (64-bit on every platform, wasm32 included), so that "1.5 litres" adds up exactly on every device and
/// needs no floating-point formatting (which Embedded Swift does not have).
public struct Amount: Hashable, Comparable, Sendable, AdditiveArithmetic {
  public var thousandths: Int64

  public init(thousandths: Int64) {
    self.thousandths = thousandths
  }

  public init(_ whole: Int) {
    thousandths = Int64(whole) * 1000
  }

  public static let zero = Amount(thousandths: 0)

  /// Whether the amount has no fraction (what a count holds).
  public var isWhole: Bool { thousandths % 1000 == 0 }
  public static let one = Amount(1)

  /// Parses "12", "1.5", "0.25" or "2,5" (at most three decimals); nil for anything else.
  public init?(parsing text: String) {
    var whole: Int64 = 0
    var fraction: Int64 = 0
    var fractionDigits = 0
    var seenSeparator = false
    var seenDigit = false
    var negative = false
    for (index, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "-") where index == 0:
        negative = true
      case UInt8(ascii: "."), UInt8(ascii: ","):
        guard !seenSeparator else { return nil }
        seenSeparator = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        seenDigit = true
        let digit = Int64(byte - UInt8(ascii: "0"))
        if seenSeparator {
          guard fractionDigits < 3 else { return nil }
          fraction = fraction * 10 + digit
          fractionDigits += 1
        } else {
          guard whole < 1_000_000_000 else { return nil }
          whole = whole * 10 + digit
        }
      default:
        return nil
      }
    }
    guard seenDigit else { return nil }
    while fractionDigits < 3 {
      fraction *= 10
      fractionDigits += 1
    }
    let magnitude = whole * 1000 + fraction
    thousandths = negative ? -magnitude : magnitude
  }

  /// "12", "1.5", "0.25": no trailing zeros, so counts read as whole numbers.
  public var text: String {
    let magnitude = thousandths < 0 ? -thousandths : thousandths
    var result = (thousandths < 0 ? "-" : "") + String(magnitude / 1000)
    var fraction = magnitude % 1000
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      result += "." + Day.padded(Int(fraction), width: digits)
    }
    return result
  }

  public static func + (lhs: Amount, rhs: Amount) -> Amount {
    Amount(thousandths: lhs.thousandths + rhs.thousandths)
  }

  public static func - (lhs: Amount, rhs: Amount) -> Amount {
    Amount(thousandths: lhs.thousandths - rhs.thousandths)
  }

  public static func * (lhs: Amount, rhs: Int) -> Amount {
    Amount(thousandths: lhs.thousandths * Int64(rhs))
  }

  public static func < (lhs: Amount, rhs: Amount) -> Bool {
    lhs.thousandths < rhs.thousandths
  }
}
