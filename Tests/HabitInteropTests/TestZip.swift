@testable import HabitInterop

/// Writes a zip of stored members for the limit tests, with the sizes a test chooses to declare.
enum TestZip {
  struct Member {
    var path: String
    var bytes: [UInt8]
    /// The unpacked size the central directory declares; the real one when nil.
    var declaredSize: Int? = nil
  }

  static func make(_ members: [Member]) -> [UInt8] {
    var body: [UInt8] = []
    var directory: [UInt8] = []
    for member in members {
      let name = Array(member.path.utf8)
      let crc = Int(CRC32.checksum(member.bytes))
      let offset = body.count
      let size = member.declaredSize ?? member.bytes.count
      body += number(0x0403_4B50, 4) + number(20, 2) + number(0, 2) + number(0, 2)
      body += number(0, 4) + number(crc, 4) + number(member.bytes.count, 4) + number(size, 4)
      body += number(name.count, 2) + number(0, 2) + name + member.bytes
      directory += number(0x0201_4B50, 4) + number(20, 2) + number(20, 2) + number(0, 2)
      directory += number(0, 2) + number(0, 4) + number(crc, 4) + number(member.bytes.count, 4)
      directory += number(size, 4) + number(name.count, 2) + number(0, 2) + number(0, 2)
      directory += number(0, 2) + number(0, 2) + number(0, 4) + number(offset, 4) + name
    }
    let end =
      number(0x0605_4B50, 4) + number(0, 2) + number(0, 2) + number(members.count, 2)
      + number(members.count, 2) + number(directory.count, 4) + number(body.count, 4)
      + number(0, 2)
    return body + directory + end
  }

  static func make(_ files: [(String, [UInt8])]) -> [UInt8] {
    make(files.map { Member(path: $0.0, bytes: $0.1) })
  }

  private static func number(_ value: Int, _ width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
