/// Appends the snapshot's little-endian integers and length-prefixed strings.
struct ByteWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  mutating func byte(_ value: UInt8) {
    bytes.append(value)
  }

  mutating func int32(_ value: Int32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func int64(_ value: Int64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func string(_ text: String) {
    let utf8 = text.utf8
    int32(Int32(utf8.count))
    bytes.append(contentsOf: utf8)
  }

  /// Overwrites the eight bytes at `offset` (a length written once its block is complete).
  mutating func patchInt64(_ value: Int64, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { raw in
      for index in 0..<8 { bytes[offset + index] = raw[index] }
    }
  }
}

/// Reads what `ByteWriter` wrote; any read past the end marks the whole snapshot unusable.
struct ByteReader {
  private let buffer: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  private(set) var isDamaged = false

  init(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
    self.buffer = buffer
    self.offset = offset
  }

  /// Moves to `target`, which must lie within the buffer.
  mutating func seek(to target: Int) {
    guard target >= 0, target <= buffer.count else {
      isDamaged = true
      return
    }
    offset = target
  }

  var isAtEnd: Bool { offset == buffer.count }

  private mutating func take(_ count: Int) -> Int? {
    guard count >= 0, offset + count <= buffer.count else {
      isDamaged = true
      return nil
    }
    defer { offset += count }
    return offset
  }

  mutating func byte() -> UInt8 {
    guard let start = take(1) else { return 0 }
    return buffer[start]
  }

  mutating func int32() -> Int32 {
    guard let start = take(4) else { return 0 }
    return Int32(
      littleEndian: UnsafeRawPointer(buffer.baseAddress! + start).loadUnaligned(as: Int32.self))
  }

  mutating func int64() -> Int64 {
    guard let start = take(8) else { return 0 }
    return Int64(
      littleEndian: UnsafeRawPointer(buffer.baseAddress! + start).loadUnaligned(as: Int64.self))
  }

  mutating func string() -> String {
    let count = Int(int32())
    guard count > 0, let start = take(count) else { return "" }
    return String(
      decoding: UnsafeBufferPointer(rebasing: buffer[start..<start + count]), as: UTF8.self)
  }
}
