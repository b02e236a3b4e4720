/// Powers of two without libm, which Embedded Swift does not link: the strength score needs
/// 0.5^x, and this is exact to within a few units in the last place.
enum Power {
  /// 2 raised to `exponent`.
  static func exp2(_ exponent: Double) -> Double {
    guard exponent.isFinite else { return exponent > 0 ? .infinity : 0 }
    var whole = Int(exponent)
    if Double(whole) > exponent { whole -= 1 }
    let fraction = exponent - Double(whole)
    // e^(fraction · ln 2) by its Taylor series; fraction · ln 2 < 0.7, so 30 terms are plenty.
    let argument = fraction * 0.693_147_180_559_945_309_417_232_121_458
    var term = 1.0
    var sum = 1.0
    for index in 1...30 {
      term *= argument / Double(index)
      sum += term
      if term < 1e-18 { break }
    }
    return Double(sign: .plus, exponent: whole, significand: sum)
  }
}
