/// A CSV file as rows of cells (RFC 4180: quoted cells may hold commas, doubled quotes and line
/// breaks), each row with the line it starts on so errors can point at it.
public struct CSVTable: Hashable, Sendable {
  public struct Row: Hashable, Sendable {
    /// 1-based line in the file where the row starts.
    public var line: Int
    public var cells: [String]

    public init(line: Int, cells: [String]) {
      self.line = line
      self.cells = cells
    }
  }

  /// The file's path, for errors.
  public var file: String
  /// Every non-blank row, the header included, in file order.
  public var rows: [Row]

  /// Reads UTF-8 text (a leading byte order mark is ignored); CR LF and LF both end a row.
  public init(_ file: ImportFile) throws(ImportError) {
    self.file = file.path
    rows = []
    var bytes = file.bytes[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var cells: [String] = []
    var cell: [UInt8] = []
    var quoted = false
    var rowLine = 1
    var line = 1
    var index = bytes.startIndex
    var count = 0
    func endCell() throws(ImportError) {
      count += 1
      guard count <= ImportLimits.csvCells else {
        throw ImportLimits.tooMany(file.path, "values", limit: ImportLimits.csvCells)
      }
      cells.append(String(decoding: cell, as: UTF8.self))
      cell.removeAll(keepingCapacity: true)
    }
    while index < bytes.endIndex {
      let byte = bytes[index]
      index += 1
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.endIndex && bytes[index] == UInt8(ascii: "\"") {
            cell.append(byte)
            index += 1
          } else {
            quoted = false
          }
        } else {
          if byte == UInt8(ascii: "\n") { line += 1 }
          cell.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        quoted = true
      case UInt8(ascii: ","):
        try endCell()
      case UInt8(ascii: "\r") where index < bytes.endIndex && bytes[index] == UInt8(ascii: "\n"):
        break
      case UInt8(ascii: "\n"):
        try endCell()
        append(cells, line: rowLine)
        cells.removeAll(keepingCapacity: true)
        line += 1
        rowLine = line
      default:
        cell.append(byte)
      }
    }
    if quoted {
      throw ImportError(
        file: file.path, line: rowLine,
        message: "A quoted value is not closed; the file may be cut short.")
    }
    try endCell()
    append(cells, line: rowLine)
  }

  /// Keeps a row unless it is blank.
  private mutating func append(_ cells: [String], line: Int) {
    if cells.count == 1 && cells[0].isEmpty { return }
    rows.append(Row(line: line, cells: cells))
  }

  /// The header's cells, or nil for an empty file.
  public var header: [String]? { rows.first?.cells }

  /// The rows after the header.
  public var body: ArraySlice<Row> { rows.dropFirst() }

  /// The position of the header cell named `name`, if any.
  public func column(_ name: String) -> Int? {
    header?.firstIndex(of: name)
  }

  /// Refuses a row with fewer cells than the header: the file was cut short.
  public func requireEveryColumn(_ row: Row) throws(ImportError) {
    let columns = header?.count ?? 0
    guard row.cells.count < columns else { return }
    throw error(
      row,
      "This row has " + String(row.cells.count) + " of " + String(columns)
        + " columns; the file may be cut short.")
  }

  /// An error at `row` of this file.
  public func error(_ row: Row?, _ message: String) -> ImportError {
    ImportError(file: file, line: row?.line, message: message)
  }
}
