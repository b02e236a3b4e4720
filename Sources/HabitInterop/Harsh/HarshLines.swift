/// harsh's files are UTF-8 text, one record a line; `#` starts a comment line and blank lines
/// separate days. Each line keeps its 1-based number for error messages.
enum HarshLines {
  static func read(_ file: ImportFile) throws(ImportError) -> [(number: Int, text: String)] {
    guard let text = String(validating: file.bytes, as: UTF8.self) else {
      throw ImportError(file: file.path, message: "This is not a text file (it is not UTF-8).")
    }
    var lines: [(number: Int, text: String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      var content = Substring(line)
      if content.hasSuffix("\r") { content = content.dropLast() }
      if content.allSatisfy({ $0 == " " || $0 == "\t" }) || content.hasPrefix("#") { continue }
      lines.append((index + 1, String(content)))
    }
    return lines
  }

  /// Splits on `separator` as harsh does (Go's strings.Split), keeping empty parts.
  static func fields(_ line: String, by separator: String) -> [String] {
    let bytes = Array(line.utf8)
    let pattern = Array(separator.utf8)
    var result: [String] = []
    var start = 0
    var index = 0
    while index + pattern.count <= bytes.count {
      if bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
        result.append(String(decoding: bytes[start..<index], as: UTF8.self))
        index += pattern.count
        start = index
      } else {
        index += 1
      }
    }
    result.append(String(decoding: bytes[start...], as: UTF8.self))
    return result
  }
}
