/// Reads the files in a zip (PKWARE APPNOTE 6.3): Loop exports its CSV files as one, and people
/// zip what they upload. Stored and deflated members, each checked against its CRC-32.
public enum Zip {
  private static let endSignature: Int64 = 0x0605_4B50
  private static let zip64LocatorSignature: Int64 = 0x0706_4B50
  private static let endSize = 22

  /// Whether the bytes start like a zip (a local file header, or the end record of an empty zip).
  public static func isZip(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
      && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
  }

  /// The files in the zip `name`, in the zip's order, without folder entries or macOS's
  /// `__MACOSX/` metadata. A damaged or oversized zip, or one holding another zip (no format
  /// needs one), throws an error naming it and the member; `ImportLimits` bounds what it unpacks.
  public static func files(_ bytes: [UInt8], name: String) throws(ImportError) -> [ImportFile] {
    guard bytes.count <= ImportLimits.uploadBytes else {
      throw ImportLimits.uploadTooLarge(name, size: bytes.count)
    }
    let directory = try centralDirectory(bytes, name: name)
    var entries: [ZipEntry] = []
    var offset = directory.lowerBound
    var total: Int64 = 0
    while offset < directory.upperBound {
      guard let entry = ZipEntry(bytes, at: offset, limit: directory.upperBound) else {
        throw ImportError(
          file: name, message: "The zip's list of files is damaged, so it cannot be read.")
      }
      offset = entry.end
      guard entries.count < ImportLimits.zipFiles else {
        throw ImportLimits.tooMany(name, "files", limit: ImportLimits.zipFiles)
      }
      if entry.isFolder || entry.path.hasPrefix("__MACOSX/") { continue }
      try check(entry, zip: name)
      total += entry.size
      guard total <= Int64(ImportLimits.expandedBytes) else {
        throw ImportError(
          file: name,
          message: "The zip unpacks to more than " + ByteSize.text(ImportLimits.expandedBytes)
            + "; HabitFlow imports up to that much from one zip.")
      }
      entries.append(entry)
    }
    var files: [ImportFile] = []
    files.reserveCapacity(entries.count)
    for entry in entries {
      files.append(
        ImportFile(path: entry.path, bytes: try content(of: entry, in: bytes, zip: name)))
    }
    return files
  }

  /// The byte range of the central directory, found through the end record at the zip's end
  /// (after at most a 65,535-byte comment).
  private static func centralDirectory(_ bytes: [UInt8], name: String) throws(ImportError)
    -> Range<Int>
  {
    var end = bytes.count - endSize
    let earliest = max(0, bytes.count - endSize - 0xFFFF)
    while end >= earliest {
      if bytes.uint32(at: end) == endSignature
        && end + endSize + bytes.uint16(at: end + 20) <= bytes.count
      {
        break
      }
      end -= 1
    }
    guard end >= earliest else {
      throw ImportError(
        file: name,
        message: "This is not a zip file, or it is cut short: its end record is missing.")
    }
    if end >= 20 && bytes.uint32(at: end - 20) == zip64LocatorSignature
      || bytes.uint16(at: end + 10) == 0xFFFF || bytes.uint32(at: end + 12) == 0xFFFF_FFFF
      || bytes.uint32(at: end + 16) == 0xFFFF_FFFF
    {
      throw zip64(name)
    }
    guard bytes.uint16(at: end + 4) == 0, bytes.uint16(at: end + 6) == 0 else {
      throw ImportError(
        file: name,
        message: "The zip is split across several files; HabitFlow reads a zip in one file.")
    }
    let start = bytes.uint32(at: end + 16)
    let size = bytes.uint32(at: end + 12)
    guard start + size <= Int64(end) else {
      throw ImportError(
        file: name, message: "The zip is cut short or damaged: its list of files is missing.")
    }
    return Int(start)..<Int(start + size)
  }

  private static func zip64(_ name: String) -> ImportError {
    ImportError(
      file: name,
      message: "The zip uses the zip64 extension (for archives over 4 GB), which HabitFlow does "
        + "not read; zip the files again without it.")
  }

  private static func memberName(_ entry: ZipEntry, zip: String) -> String {
    entry.path + " in " + zip
  }

  /// Refuses what HabitFlow does not unpack before anything is unpacked.
  private static func check(_ entry: ZipEntry, zip: String) throws(ImportError) {
    let file = memberName(entry, zip: zip)
    if entry.needsZip64 { throw zip64(file) }
    if entry.isEncrypted {
      throw ImportError(
        file: file, message: "The file is encrypted; zip it again without a password.")
    }
    guard entry.method == 0 || entry.method == 8 else {
      throw ImportError(
        file: file,
        message: "The file is compressed with method " + String(entry.method)
          + "; HabitFlow reads stored and deflated files (the zip default).")
    }
    guard entry.size <= Int64(ImportLimits.expandedBytes) else {
      throw ImportError(
        file: file,
        message: "The file unpacks to " + String(entry.size) + " bytes; HabitFlow imports files "
          + "up to " + ByteSize.text(ImportLimits.expandedBytes) + ".")
    }
    // Both sizes are below 2^32 here (zip64 is refused), so the product cannot overflow.
    guard
      entry.size <= entry.compressedSize * Int64(ImportLimits.expansionRatio)
        + Int64(ImportLimits.expansionAllowance)
    else {
      throw ImportError(
        file: file,
        message: "The file unpacks to " + String(ImportLimits.expansionRatio)
          + " times its zipped size or more, which no export does: it looks like a zip bomb.")
    }
  }

  private static func content(of entry: ZipEntry, in bytes: [UInt8], zip: String)
    throws(ImportError) -> [UInt8]
  {
    let file = memberName(entry, zip: zip)
    guard let start = entry.dataStart(in: bytes),
      Int64(start) + entry.compressedSize <= Int64(bytes.count)
    else {
      throw ImportError(
        file: file, message: "The zip is cut short or damaged: the file is missing.")
    }
    // Both fit in Int now: the data lies within the upload, the size within the file limit.
    let range = start..<start + Int(entry.compressedSize)
    let size = Int(entry.size)
    let content: [UInt8]
    if entry.method == 0 {
      guard entry.compressedSize == entry.size else {
        throw ImportError(file: file, message: "The zip is damaged: the file's sizes disagree.")
      }
      content = Array(bytes[range])
    } else {
      content = try Inflate.bytes(bytes, range: range, limit: size, file: file)
      guard content.count == size else {
        throw ImportError(
          file: file,
          message: "The compressed data is damaged: it decompresses to fewer bytes than the zip "
            + "says.")
      }
    }
    guard CRC32.checksum(content) == entry.crc else {
      throw ImportError(
        file: file, message: "The file is damaged: its CRC-32 check does not match its content.")
    }
    guard !isZip(content) else {
      throw ImportError(
        file: file,
        message: "The file is a zip inside the zip; no format HabitFlow imports needs one, so "
          + "unzip it and upload what it holds.")
    }
    return content
  }
}
