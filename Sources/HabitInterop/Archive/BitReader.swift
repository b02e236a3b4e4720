/// Reads a DEFLATE stream's bits least significant first (RFC 1951 §3.1.1), and says when a read
/// went past the end, which is how a truncated stream shows.
struct BitReader {
  private let bytes: [UInt8]
  private(set) var index: Int
  private let end: Int
  private var buffer: UInt64 = 0
  private var count = 0
  /// Zero bytes put into the buffer past the end; bits read from them mean the stream was cut.
  private var padding = 0

  init(_ bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    self.index = range.lowerBound
    self.end = range.upperBound
  }

  /// True once a read has used bits the input does not have.
  var isPastEnd: Bool { count < padding * 8 }

  /// Fills the buffer so at least 57 bits are in it (more than any one DEFLATE read needs).
  private mutating func refill() {
    while count <= 56 {
      if index < end {
        buffer |= UInt64(bytes[index]) << UInt64(count)
        index += 1
      } else {
        padding += 1
      }
      count += 8
    }
  }

  /// The next `width` bits (up to 32) without consuming them.
  mutating func peek(_ width: Int) -> UInt32 {
    if count < width { refill() }
    return UInt32(truncatingIfNeeded: buffer & ((1 << UInt64(width)) - 1))
  }

  mutating func consume(_ width: Int) {
    buffer >>= UInt64(width)
    count -= width
  }

  /// Reads `width` bits (up to 32) as a number, first bit lowest.
  mutating func bits(_ width: Int) -> Int {
    let value = peek(width)
    consume(width)
    return Int(value)
  }

  /// Drops the bits left in the current byte and gives the whole bytes still buffered back to the
  /// input, so a stored block's bytes can be copied straight from it.
  mutating func alignToByte() {
    consume(count % 8)
    index -= count / 8 - padding
    buffer = 0
    count = 0
    padding = 0
  }

  /// The next `length` input bytes after `alignToByte()`, or nil when the input is shorter.
  mutating func take(_ length: Int) -> ArraySlice<UInt8>? {
    guard length <= end - index else { return nil }
    defer { index += length }
    return bytes[index..<index + length]
  }
}
