import HabitInterop
import PropertyBased
import Testing

@Suite struct InflateTests {
  /// The samples zlib compressed (zip-fixtures.py): every level, strategy and kind of redundancy.
  private func zlibSamples() throws -> [(original: [UInt8], compressed: [UInt8])] {
    let bytes = try interopFixture("zip-inflate-samples.bin").bytes
    var samples: [(original: [UInt8], compressed: [UInt8])] = []
    var offset = 0
    func number(_ at: Int) -> Int {
      (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    while offset < bytes.count {
      let originalCount = number(offset)
      let compressedCount = number(offset + 4)
      let originalStart = offset + 8
      let compressedStart = originalStart + originalCount
      samples.append(
        (
          Array(bytes[originalStart..<compressedStart]),
          Array(bytes[compressedStart..<compressedStart + compressedCount])
        ))
      offset = compressedStart + compressedCount
    }
    return samples
  }

  private func inflate(_ compressed: [UInt8], limit: Int = 1 << 24) throws(ImportError) -> [UInt8] {
    try Inflate.bytes(compressed, limit: limit, file: "sample")
  }

  @Test func whatZlibCompressedInflatesBackExactly() throws {
    let samples = try zlibSamples()
    #expect(samples.count == 100)
    for (index, sample) in samples.enumerated() {
      #expect(try inflate(sample.compressed) == sample.original, "sample \(index)")
    }
  }

  @Test func storedAndFixedHuffmanBlocksInflateBackExactly() async {
    await propertyCheck(
      count: 300, input: Gen.int(in: 0...255).array(of: 0...3000), Gen.int(in: 0...7),
      Gen.int(in: 0...3000).array(of: 0...6), Gen.bool.array(of: 0...4)
    ) { values, narrowing, cuts, kinds in
      let data = values.map { UInt8($0 >> narrowing) }
      let compressed = InflateTestEncoder.encode(data, cuts: cuts, kinds: kinds)
      #expect((try? inflate(compressed)) == data)
    }
  }

  @Test func aStreamCutShortIsRefused() throws {
    let sample = try zlibSamples().first { $0.compressed.count > 100 }!
    for length in [0, 1, sample.compressed.count / 2, sample.compressed.count - 1] {
      #expect(throws: ImportError.self) {
        try inflate(Array(sample.compressed.prefix(length)))
      }
    }
    let error = #expect(throws: ImportError.self) { try inflate([]) }
    #expect(error?.description == "sample: The compressed data is damaged: it ends too early.")
  }

  @Test func theReservedBlockTypeIsRefused() {
    let error = #expect(throws: ImportError.self) { try inflate([0b111, 0, 0, 0]) }
    #expect(error?.message == "The compressed data is damaged: a block has the reserved type 3.")
  }

  @Test func aStoredBlockWhoseLengthCheckFailsIsRefused() {
    var encoder = InflateTestEncoder()
    encoder.stored([1, 2, 3], last: true)
    var bytes = encoder.bytes
    bytes[3] ^= 0x01
    let error = #expect(throws: ImportError.self) { try inflate(bytes) }
    #expect(error?.message.contains("stored block's length") == true)
  }

  /// A final dynamic block whose code length code gives symbols 16, 17, 18 and 0 these lengths,
  /// followed by zeros.
  private func dynamicBlock(codeLengthLengths lengths: [Int]) -> [UInt8] {
    var encoder = InflateTestEncoder()
    encoder.write(1, bits: 1)
    encoder.write(2, bits: 2)
    encoder.write(0, bits: 5)
    encoder.write(0, bits: 5)
    encoder.write(lengths.count - 4, bits: 4)
    for length in lengths { encoder.write(length, bits: 3) }
    encoder.alignToByte()
    return encoder.bytes + [0, 0]
  }

  @Test func anOverSubscribedHuffmanTableIsRefused() {
    // Four symbols of one bit each.
    let error = #expect(throws: ImportError.self) {
      try inflate(dynamicBlock(codeLengthLengths: [1, 1, 1, 1]))
    }
    #expect(
      error?.message
        == "The compressed data is damaged: a Huffman table has more codes than its lengths allow.")
  }

  @Test func anIncompleteHuffmanTableIsRefused() {
    // Three symbols of two bits each, leaving one two-bit code unused.
    let error = #expect(throws: ImportError.self) {
      try inflate(dynamicBlock(codeLengthLengths: [2, 2, 2, 0]))
    }
    #expect(
      error?.message == "The compressed data is damaged: a Huffman table leaves codes unused.")
  }

  @Test func aBackReferenceBeforeTheStartIsRefused() {
    var encoder = InflateTestEncoder()
    encoder.write(1, bits: 1)
    encoder.write(1, bits: 2)
    encoder.writeCode(1, length: 7)  // length 3
    encoder.writeCode(0, length: 5)  // distance 1, with nothing written yet
    encoder.alignToByte()
    let error = #expect(throws: ImportError.self) { try inflate(encoder.bytes) }
    #expect(error?.message.contains("before the start") == true)
  }

  @Test func moreThanTheLimitIsRefused() throws {
    let data = [UInt8](repeating: 7, count: 5000)
    let compressed = InflateTestEncoder.encode(data, cuts: [], kinds: [true])
    #expect(try inflate(compressed, limit: 5000) == data)
    let error = #expect(throws: ImportError.self) { try inflate(compressed, limit: 4999) }
    #expect(error?.message.contains("more than the 4999 bytes expected") == true)
  }
}
