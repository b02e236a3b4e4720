extension Ratio {
  /// Rounded to the nearest hundredth, halves up (1.425 → 143); 0 when there is nothing to
  /// divide by. Every face shows an average with this rounding.
  public var hundredths: Int {
    denominator == 0 ? 0 : (numerator * 200 + denominator) / (denominator * 2)
  }

  /// The value with two decimals ("1.43", "0.05"), rounded as `hundredths`.
  public var twoDecimals: String {
    let value = hundredths
    let fraction = value % 100
    return String(value / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
  }
}
