import HabitCore

/// A Loop Habit Tracker CSV export made up in the test, of any size: `Habits.csv` and the wide
/// `Checkmarks.csv` (newest day first, as Loop writes it), zipped as Loop zips its export.
enum LoopExportFixture {
  static func zip(habits: Int, days: Int, endingOn last: Day) -> [UInt8] {
    var list =
      "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"
    var header = "Date"
    for number in 1...habits {
      let position = String(1000 + number).dropFirst()
      list += "\(position),Habit \(number),YES_NO,,,1,1,#FF8F00,,,,false\n"
      header += ",Habit \(number)"
    }
    var wide = header + ",\n"
    let codes = ["YES_MANUAL", "NO", "YES_AUTO", "YES_MANUAL", "SKIP", "YES_MANUAL", "UNKNOWN"]
    for back in 0..<days {
      let day = last.advanced(by: -back)
      wide += day.iso
      for number in 1...habits { wide += "," + codes[(back + number) % codes.count] }
      wide += ",\n"
    }
    return StoredZip.archive([
      ("Habits.csv", Array(list.utf8)), ("Checkmarks.csv", Array(wide.utf8)),
    ])
  }
}

/// A zip whose members are stored, not compressed (PKWARE APPNOTE 6.3): enough for fixtures.
enum StoredZip {
  static func archive(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8] {
    var output: [UInt8] = []
    var directory: [UInt8] = []
    for file in files {
      let offset = UInt32(output.count)
      let name = Array(file.name.utf8)
      let crc = crc32(file.bytes)
      var common: [UInt8] = []
      common += le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
      common += le32(crc) + le32(UInt32(file.bytes.count)) + le32(UInt32(file.bytes.count))
      common += le16(UInt16(name.count)) + le16(0)
      output += le32(0x0403_4b50) + common + name + file.bytes
      directory += le32(0x0201_4b50) + le16(20) + common
      directory += le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
    }
    let start = UInt32(output.count)
    output += directory
    output += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(files.count))
    output += le16(UInt16(files.count)) + le32(UInt32(directory.count)) + le32(start) + le16(0)
    return output
  }

  private static func le16(_ value: UInt16) -> [UInt8] {
    [UInt8(value & 0xff), UInt8(value >> 8)]
  }

  private static func le32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) }
  }

  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
    return crc ^ 0xffff_ffff
  }
}
