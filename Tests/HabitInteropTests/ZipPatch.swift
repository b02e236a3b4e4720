import HabitInterop

/// Damages a fixture zip in one chosen place, for the refusal tests.
struct ZipPatch {
  var bytes: [UInt8]

  private func number(_ offset: Int, width: Int) -> Int {
    (0..<width).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }

  mutating func setNumber(_ offset: Int, width: Int, to value: Int) {
    for index in 0..<width { bytes[offset + index] = UInt8(value >> (8 * index) & 0xFF) }
  }

  /// The end of central directory record.
  private var end: Int {
    (0...bytes.count - 22).last { number($0, width: 4) == 0x0605_4B50 }!
  }

  mutating func setEndField(_ offset: Int, width: Int, to value: Int) {
    setNumber(end + offset, width: width, to: value)
  }

  /// Where the central directory record of member `index` starts.
  private func entry(_ index: Int) -> Int {
    var offset = number(end + 16, width: 4)
    for _ in 0..<index {
      offset +=
        46 + number(offset + 28, width: 2) + number(offset + 30, width: 2)
        + number(offset + 32, width: 2)
    }
    return offset
  }

  mutating func setEntryField(_ index: Int, offset: Int, width: Int, to value: Int) {
    setNumber(entry(index) + offset, width: width, to: value)
  }

  private func contentStart(of index: Int) -> Int {
    let local = number(entry(index) + 42, width: 4)
    return local + 30 + number(local + 26, width: 2) + number(local + 28, width: 2)
  }

  mutating func flipContentByte(of index: Int) {
    bytes[contentStart(of: index) + 5] ^= 0x20
  }

  mutating func setFirstContentByte(of index: Int, to value: UInt8) {
    bytes[contentStart(of: index)] = value
  }

  /// Overwrites the start of member `index`'s compressed data.
  mutating func setContent(of index: Int, to content: [UInt8]) {
    let start = contentStart(of: index)
    bytes.replaceSubrange(start..<start + content.count, with: content)
  }

  /// Moves the second member's recorded start past the end of the data that holds it.
  mutating func cutSecondMember() {
    setEntryField(1, offset: 42, width: 4, to: number(end + 16, width: 4) - 10)
  }
}

extension ZipPatch {
  /// A zip of `files`, each stored (not compressed), as the front door's tests need.
  static func storedZip(_ files: [ImportFile]) -> [UInt8] {
    var patch = ZipPatch(bytes: [])
    var directory: [UInt8] = []
    for file in files {
      let offset = patch.bytes.count
      let name = Array(file.path.utf8)
      let crc = checksum(file.bytes)
      let fields: [(Int, Int)] = [
        (20, 2), (0, 2), (0, 2), (0, 2), (0, 2), (Int(crc), 4), (file.bytes.count, 4),
        (file.bytes.count, 4), (name.count, 2), (0, 2),
      ]
      patch.append(0x0403_4B50, 4)
      for (value, width) in fields { patch.append(value, width) }
      patch.bytes += name + file.bytes
      var entry = ZipPatch(bytes: [])
      entry.append(0x0201_4B50, 4)
      entry.append(20, 2)
      for (value, width) in fields { entry.append(value, width) }
      for (value, width) in [(0, 2), (0, 2), (0, 2), (0, 4), (offset, 4)] {
        entry.append(value, width)
      }
      directory += entry.bytes + name
    }
    let start = patch.bytes.count
    patch.bytes += directory
    for (value, width) in [
      (0x0605_4B50, 4), (0, 2), (0, 2), (files.count, 2), (files.count, 2), (directory.count, 4),
      (start, 4), (0, 2),
    ] {
      patch.append(value, width)
    }
    return patch.bytes
  }

  private mutating func append(_ value: Int, _ width: Int) {
    bytes += [UInt8](repeating: 0, count: width)
    setNumber(bytes.count - width, width: width, to: value)
  }

  /// CRC-32 (ISO 3309), bit by bit: slow and obviously right, for test zips.
  private static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
