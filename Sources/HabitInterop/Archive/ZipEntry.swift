/// One member as the zip's central directory describes it (APPNOTE 4.3.12), which holds the
/// sizes and CRC even when the local header defers them to a data descriptor.
struct ZipEntry {
  static let signature: Int64 = 0x0201_4B50
  static let localSignature: Int64 = 0x0403_4B50
  static let fixedSize = 46

  let path: String
  let flags: Int
  let method: Int
  let crc: UInt32
  /// 32-bit figures kept as Int64, so a damaged or zip64 value is read alike on wasm32.
  let compressedSize: Int64
  let size: Int64
  let localHeaderOffset: Int64
  /// Where the next central directory record starts.
  let end: Int

  var isFolder: Bool { path.hasSuffix("/") }
  var isEncrypted: Bool { flags & 1 == 1 }
  /// A zip64 entry stores 0xFFFFFFFF here and the real figures in an extra field.
  var needsZip64: Bool {
    compressedSize == 0xFFFF_FFFF || size == 0xFFFF_FFFF || localHeaderOffset == 0xFFFF_FFFF
  }

  /// The record at `offset`, or nil when there is none (a wrong signature, or too few bytes
  /// before `limit`).
  init?(_ bytes: [UInt8], at offset: Int, limit: Int) {
    guard offset + Self.fixedSize <= limit, bytes.uint32(at: offset) == Self.signature else {
      return nil
    }
    let nameLength = bytes.uint16(at: offset + 28)
    let nameStart = offset + Self.fixedSize
    let end =
      nameStart + nameLength + bytes.uint16(at: offset + 30) + bytes.uint16(at: offset + 32)
    guard end <= limit else { return nil }
    flags = bytes.uint16(at: offset + 8)
    method = bytes.uint16(at: offset + 10)
    crc = UInt32(truncatingIfNeeded: bytes.uint32(at: offset + 16))
    compressedSize = bytes.uint32(at: offset + 20)
    size = bytes.uint32(at: offset + 24)
    localHeaderOffset = bytes.uint32(at: offset + 42)
    // Names are UTF-8 when flag bit 11 says so, and in practice nearly always otherwise too;
    // a byte that is not UTF-8 reads as U+FFFD.
    path = String(decoding: bytes[nameStart..<nameStart + nameLength], as: UTF8.self)
    self.end = end
  }

  /// Where the member's data starts, read from its local header; nil when the header is missing.
  func dataStart(in bytes: [UInt8]) -> Int? {
    guard localHeaderOffset + 30 <= Int64(bytes.count) else { return nil }
    let offset = Int(localHeaderOffset)
    guard bytes.uint32(at: offset) == Self.localSignature else { return nil }
    return offset + 30 + bytes.uint16(at: offset + 26) + bytes.uint16(at: offset + 28)
  }
}
