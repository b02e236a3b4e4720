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
    var result: [String] = []
    var rest = Substring(line)
    while let range = rest.firstRange(of: separator) {
      result.append(String(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    result.append(String(rest))
    return result
  }
}
