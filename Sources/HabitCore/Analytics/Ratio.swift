/// A fraction kept as two integers, so faces can show "12 of 15" or a percentage without floating-
/// point formatting.
public struct Ratio: Hashable, Sendable {
  public let numerator: Int
  public let denominator: Int

  public init(_ numerator: Int, of denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  public var value: Double {
    denominator == 0 ? 0 : Double(numerator) / Double(denominator)
  }

  /// Rounded to the nearest whole percent; 0 when there is nothing to divide by.
  public var percent: Int {
    denominator == 0 ? 0 : (numerator * 200 + denominator) / (denominator * 2)
  }
}
