/// A canonical Huffman code (RFC 1951 §3.2.2) as a lookup table indexed by the next bits of the
/// stream, so a symbol is one table read.
struct HuffmanTable {
  /// symbol << 4 | code length, at every index whose low bits are the symbol's code (bit-reversed,
  /// since DEFLATE packs codes most significant bit first); 0 where no code starts.
  let entries: [UInt16]
  /// The longest code's length: how many bits a lookup reads.
  let width: Int

  /// Why a set of code lengths makes no code.
  enum Problem: Error {
    case overSubscribed
    case incomplete
  }

  /// Builds the code from each symbol's code length (0 = the symbol is not used). A code with
  /// more codes than lengths allow is refused; one with room left over is refused unless it is a
  /// single one-bit code, as zlib does.
  init(lengths: ArraySlice<UInt8>) throws(Problem) {
    var counts = [Int](repeating: 0, count: 16)
    var longest = 0
    for length in lengths where length > 0 {
      counts[Int(length)] += 1
      longest = max(longest, Int(length))
    }
    var left = 1
    for length in 1..<16 {
      left = left << 1 - counts[length]
      if left < 0 { throw .overSubscribed }
    }
    if longest > 1 && left > 0 { throw .incomplete }
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for length in 1..<16 {
      code = (code + counts[length - 1]) << 1
      next[length] = code
    }
    let width = max(1, longest)
    var entries = [UInt16](repeating: 0, count: 1 << width)
    for (offset, length) in lengths.enumerated() where length > 0 {
      let length = Int(length)
      let reversed = Self.reverse(next[length], width: length)
      next[length] += 1
      let entry = UInt16(offset << 4 | length)
      var index = reversed
      while index < entries.count {
        entries[index] = entry
        index += 1 << length
      }
    }
    self.entries = entries
    self.width = width
  }

  private static func reverse(_ code: Int, width: Int) -> Int {
    var result = 0
    var code = code
    for _ in 0..<width {
      result = result << 1 | code & 1
      code >>= 1
    }
    return result
  }

  /// The fixed literal/length code of RFC 1951 §3.2.6.
  static let fixedLiterals: HuffmanTable = {
    var lengths = [UInt8](repeating: 8, count: 288)
    for symbol in 144..<256 { lengths[symbol] = 9 }
    for symbol in 256..<280 { lengths[symbol] = 7 }
    // Every length in the fixed code is valid, so the code builds.
    return try! HuffmanTable(lengths: lengths[...])
  }()

  /// The fixed distance code: 5 bits for each of the 32 symbols.
  static let fixedDistances: HuffmanTable = {
    let lengths = [UInt8](repeating: 5, count: 32)
    return try! HuffmanTable(lengths: lengths[...])
  }()
}
