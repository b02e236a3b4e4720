/// Writes DEFLATE streams for the inflate tests (RFC 1951): stored blocks, and fixed-Huffman
/// blocks with back-references found greedily, some of them overlapping their own output.
struct InflateTestEncoder {
  private(set) var bytes: [UInt8] = []
  private var buffer = 0
  private var count = 0

  private static let lengthBases = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
  ]
  private static let lengthExtraBits = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBases = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtraBits = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  /// Writes `value`'s low `width` bits, first bit lowest.
  mutating func write(_ value: Int, bits width: Int) {
    buffer |= value << count
    count += width
    while count >= 8 {
      bytes.append(UInt8(buffer & 0xFF))
      buffer >>= 8
      count -= 8
    }
  }

  /// Writes a Huffman code, which DEFLATE packs most significant bit first.
  mutating func writeCode(_ code: Int, length: Int) {
    for shift in stride(from: length - 1, through: 0, by: -1) {
      write(code >> shift & 1, bits: 1)
    }
  }

  mutating func alignToByte() {
    if count > 0 { write(0, bits: 8 - count) }
  }

  mutating func stored(_ data: ArraySlice<UInt8>, last: Bool) {
    write(last ? 1 : 0, bits: 1)
    write(0, bits: 2)
    alignToByte()
    write(data.count, bits: 16)
    write(data.count ^ 0xFFFF, bits: 16)
    bytes.append(contentsOf: data)
  }

  private mutating func fixedSymbol(_ symbol: Int) {
    switch symbol {
    case 0..<144: writeCode(0x30 + symbol, length: 8)
    case 144..<256: writeCode(0x190 + symbol - 144, length: 9)
    case 256..<280: writeCode(symbol - 256, length: 7)
    default: writeCode(0xC0 + symbol - 280, length: 8)
    }
  }

  private static func code(for value: Int, bases: [Int]) -> Int {
    bases.lastIndex { $0 <= value }!
  }

  /// `data[range]` as a fixed-Huffman block whose back-references may reach anywhere in
  /// `data` before `range` within the 32 KB window.
  mutating func fixed(_ data: [UInt8], range: Range<Int>, last: Bool) {
    write(last ? 1 : 0, bits: 1)
    write(1, bits: 2)
    var position = range.lowerBound
    while position < range.upperBound {
      let (length, distance) = longestMatch(data, at: position, end: range.upperBound)
      if length >= 3 {
        let lengthCode = Self.code(for: length, bases: Self.lengthBases)
        fixedSymbol(257 + lengthCode)
        write(length - Self.lengthBases[lengthCode], bits: Self.lengthExtraBits[lengthCode])
        let distanceCode = Self.code(for: distance, bases: Self.distanceBases)
        writeCode(distanceCode, length: 5)
        write(
          distance - Self.distanceBases[distanceCode], bits: Self.distanceExtraBits[distanceCode])
        position += length
      } else {
        fixedSymbol(Int(data[position]))
        position += 1
      }
    }
    fixedSymbol(256)
  }

  private func longestMatch(_ data: [UInt8], at position: Int, end: Int) -> (Int, Int) {
    var best = (0, 0)
    let earliest = max(0, position - 32768)
    var start = position - 1
    var tries = 0
    while start >= earliest && tries < 64 {
      var length = 0
      while length < 258 && position + length < end
        && data[start + length] == data[position + length]
      {
        length += 1
      }
      if length > best.0 { best = (length, position - start) }
      start -= 1
      tries += 1
    }
    return best
  }

  /// `data` cut at `cuts` into blocks, stored or fixed-Huffman as `kinds` says in turn.
  static func encode(_ data: [UInt8], cuts: [Int], kinds: [Bool]) -> [UInt8] {
    var encoder = InflateTestEncoder()
    let bounds = [0] + cuts.map { min($0, data.count) }.sorted() + [data.count]
    for index in 0..<bounds.count - 1 {
      let range = bounds[index]..<bounds[index + 1]
      let last = index == bounds.count - 2
      if kinds.isEmpty || kinds[index % kinds.count] {
        encoder.fixed(data, range: range, last: last)
      } else {
        encoder.stored(data[range], last: last)
      }
    }
    encoder.alignToByte()
    return encoder.bytes
  }
}
