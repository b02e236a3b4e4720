/// The one source of chance in a run: SplitMix64, so a seed replays the same run on every machine.
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`, without the modulo bias a plain `%` has.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    let limit = UInt64.max - UInt64.max % span
    var draw = next()
    while draw >= limit { draw = next() }
    return range.lowerBound + Int(draw % span)
  }

  /// True with `percent` in 100.
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// A generator of its own for one part of the run, so removing a step leaves the others' draws.
  static func derived(_ seed: UInt64, _ stream: UInt64, _ index: UInt64) -> SplitMix64 {
    var mixer = SplitMix64(
      seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03) ^ (index &* 0x8CB9_2BA7_2F3D_8DD7))
    return SplitMix64(seed: mixer.next())
  }
}
