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

  /// The whole percent every face shows, rounded down so 100 means all done, but at least 1 when
  /// anything is (0 only for nothing, or nothing to divide by).
  public var percent: Int {
    guard denominator > 0, numerator > 0 else { return 0 }
    return max(1, numerator * 100 / denominator)
  }
}
