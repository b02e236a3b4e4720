/// The fuzzer's bytes as the files of one upload: split at each `0xFF 0x00` pair, which no text
/// format the importers read contains, so one input can carry a `habits` and a `log` file.
enum FuzzInput {
  static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// The parts between the separators; as many as `count`, the missing ones empty.
  static func parts(_ bytes: [UInt8], count: Int) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var start = 0
    var index = 0
    while index + 1 < bytes.count && parts.count < count - 1 {
      if bytes[index] == 0xFF && bytes[index + 1] == 0x00 {
        parts.append(Array(bytes[start..<index]))
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    parts.append(Array(bytes[min(start, bytes.count)...]))
    while parts.count < count { parts.append([]) }
    return parts
  }
}
