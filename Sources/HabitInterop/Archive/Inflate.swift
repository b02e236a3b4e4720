/// Decompresses raw DEFLATE data (RFC 1951: stored, fixed and dynamic Huffman blocks), which is
/// how zip files hold their members, without Foundation or zlib so the web app can unzip too.
public enum Inflate {
  /// The bytes `compressed[range]` decompress to; more than `limit` of them means the data is not
  /// what its container declared. Errors name `file`.
  public static func bytes(
    _ compressed: [UInt8], range: Range<Int>, limit: Int, file: String
  ) throws(ImportError) -> [UInt8] {
    var state = Inflater(
      reader: BitReader(compressed, range: range), limit: limit, file: file)
    state.output.reserveCapacity(min(limit, range.count * 8))
    try state.run()
    return state.output
  }

  /// `bytes(_:range:limit:file:)` over the whole array.
  public static func bytes(_ compressed: [UInt8], limit: Int, file: String) throws(ImportError)
    -> [UInt8]
  {
    try bytes(compressed, range: 0..<compressed.count, limit: limit, file: file)
  }
}

/// One decompression under way: the input's bits and the output so far, which is also the window
/// back-references copy from.
private struct Inflater {
  var reader: BitReader
  let limit: Int
  let file: String
  var output: [UInt8] = []

  init(reader: BitReader, limit: Int, file: String) {
    self.reader = reader
    self.limit = limit
    self.file = file
  }

  private static let lengthBases: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
  ]
  private static let lengthExtraBits: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBases: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtraBits: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]
  /// The order code length code lengths arrive in (RFC 1951 §3.2.7).
  private static let codeLengthOrder: [Int] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  private func damaged(_ detail: String) -> ImportError {
    ImportError(file: file, message: "The compressed data is damaged: " + detail + ".")
  }

  private func checkNotPastEnd() throws(ImportError) {
    if reader.isPastEnd { throw damaged("it ends too early") }
  }

  mutating func run() throws(ImportError) {
    var last = false
    while !last {
      last = reader.bits(1) == 1
      switch reader.bits(2) {
      case 0: try stored()
      case 1: try codes(HuffmanTable.fixedLiterals, HuffmanTable.fixedDistances)
      case 2:
        let (literals, distances) = try dynamicTables()
        try codes(literals, distances)
      default:
        try checkNotPastEnd()
        throw damaged("a block has the reserved type 3")
      }
    }
  }

  private mutating func stored() throws(ImportError) {
    reader.alignToByte()
    guard let header = reader.take(4) else { throw damaged("it ends too early") }
    let length = Int(header[header.startIndex]) | Int(header[header.startIndex + 1]) << 8
    let complement = Int(header[header.startIndex + 2]) | Int(header[header.startIndex + 3]) << 8
    guard length == complement ^ 0xFFFF else {
      throw damaged("a stored block's length does not match its check")
    }
    try reserve(length)
    guard let content = reader.take(length) else { throw damaged("it ends too early") }
    output.append(contentsOf: content)
  }

  private mutating func reserve(_ count: Int) throws(ImportError) {
    guard output.count + count <= limit else {
      throw damaged("it decompresses to more than the " + String(limit) + " bytes expected")
    }
  }

  private mutating func decode(_ table: HuffmanTable) throws(ImportError) -> Int {
    let entry = table.entries[Int(reader.peek(table.width))]
    let length = Int(entry & 15)
    guard length > 0 else {
      try checkNotPastEnd()
      throw damaged("a code is not in its Huffman table")
    }
    reader.consume(length)
    try checkNotPastEnd()
    return Int(entry >> 4)
  }

  private mutating func dynamicTables() throws(ImportError) -> (HuffmanTable, HuffmanTable) {
    let literalCount = reader.bits(5) + 257
    let distanceCount = reader.bits(5) + 1
    let codeLengthCount = reader.bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      try checkNotPastEnd()
      throw damaged("a block declares more codes than DEFLATE has")
    }
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    for index in 0..<codeLengthCount {
      codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(reader.bits(3))
    }
    try checkNotPastEnd()
    let codeLengths = try table(codeLengthLengths[...])
    var lengths = [UInt8]()
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(codeLengths)
      var repeated: UInt8 = 0
      var times = 1
      switch symbol {
      case 0..<16: repeated = UInt8(symbol)
      case 16:
        guard let previous = lengths.last else {
          throw damaged("a Huffman table repeats a length before the first")
        }
        repeated = previous
        times = 3 + reader.bits(2)
      case 17: times = 3 + reader.bits(3)
      default: times = 11 + reader.bits(7)
      }
      try checkNotPastEnd()
      guard lengths.count + times <= literalCount + distanceCount else {
        throw damaged("a Huffman table has more lengths than codes")
      }
      lengths.append(contentsOf: repeatElement(repeated, count: times))
    }
    guard lengths[256] > 0 else { throw damaged("a Huffman table has no end-of-block code") }
    return (
      try table(lengths[..<literalCount]), try table(lengths[literalCount...])
    )
  }

  private func table(_ lengths: ArraySlice<UInt8>) throws(ImportError) -> HuffmanTable {
    do {
      return try HuffmanTable(lengths: lengths)
    } catch {
      switch error {
      case .overSubscribed: throw damaged("a Huffman table has more codes than its lengths allow")
      case .incomplete: throw damaged("a Huffman table leaves codes unused")
      }
    }
  }

  private mutating func codes(_ literals: HuffmanTable, _ distances: HuffmanTable)
    throws(ImportError)
  {
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        try reserve(1)
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let lengthCode = symbol - 257
      guard lengthCode < Self.lengthBases.count else { throw damaged("a length code is invalid") }
      let length = Self.lengthBases[lengthCode] + reader.bits(Self.lengthExtraBits[lengthCode])
      let distanceCode = try decode(distances)
      guard distanceCode < Self.distanceBases.count else {
        throw damaged("a distance code is invalid")
      }
      let distance =
        Self.distanceBases[distanceCode] + reader.bits(Self.distanceExtraBits[distanceCode])
      try checkNotPastEnd()
      guard distance <= output.count else {
        throw damaged("a back-reference points before the start of the data")
      }
      try reserve(length)
      let start = output.count - distance
      for offset in 0..<length {
        output.append(output[start + offset])
      }
    }
  }
}
