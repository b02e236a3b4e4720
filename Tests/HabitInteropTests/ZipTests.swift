import HabitInterop
import Testing

@Suite struct ZipTests {
  private func zip(_ fixture: String) throws -> [ImportFile] {
    let file = try interopFixture(fixture)
    return try Zip.files(file.bytes, name: fixture)
  }

  /// The Checkmarks.csv every fixture zip holds (zip-fixtures.py's TEXT).
  private var checkmarks: [UInt8] {
    let rows = (1...31).reversed().map { day in
      "2024-05-" + (day < 10 ? "0" : "") + String(day) + "," + String(day % 3) + ","
        + String(day * 7 % 4) + ",\n"
    }
    return Array(String(repeating: "Date,Meditate,Run,\n" + rows.joined(), count: 20).utf8)
  }

  @Test func storedMembersReadAsTheyAre() throws {
    let files = try zip("zip-stored.zip")
    #expect(files.map(\.path) == ["Habits.csv", "Checkmarks.csv"])
    #expect(files[0].bytes == Array("Position,Name\n001,Meditate\n".utf8))
    #expect(files[1].bytes == checkmarks)
  }

  @Test func deflatedMembersOfEveryLevelReadTheSame() throws {
    let files = try zip("zip-levels.zip")
    #expect(files.map(\.path) == (0...9).map { "level-\($0).csv" })
    for file in files {
      #expect(file.bytes == checkmarks, "\(file.path)")
    }
  }

  @Test func foldersAndMacMetadataAreLeftOutAndEmptyFilesKept() throws {
    let files = try zip("zip-folders.zip")
    #expect(
      files.map(\.path) == [
        "001 Meditate/Checkmarks.csv", "empty-stored.txt", "empty-deflated.txt",
      ])
    #expect(files[0].name == "Checkmarks.csv")
    #expect(files[1].bytes.isEmpty && files[2].bytes.isEmpty)
  }

  @Test func unicodeNamesReadAsUTF8() throws {
    let files = try zip("zip-unicode.zip")
    #expect(files.map(\.path) == ["003 Méditer 🧘‍♀️/Checkmarks.csv", "日記.txt"])
    #expect(files[0].bytes == Array("Date,Value,Notes\n2024-05-17,YES_MANUAL,Très bien\n".utf8))
    #expect(files[1].bytes == Array("毎日書く\n".utf8))
  }

  @Test func membersWithDataDescriptorsRead() throws {
    let files = try zip("zip-descriptors.zip")
    #expect(files.map(\.path) == ["Habits.csv", "Checkmarks.csv"])
    #expect(files[1].bytes == checkmarks)
  }

  @Test func anEmptyZipHasNoFiles() throws {
    let empty: [UInt8] = [0x50, 0x4B, 5, 6] + [UInt8](repeating: 0, count: 18)
    #expect(Zip.isZip(empty))
    #expect(try Zip.files(empty, name: "empty.zip").isEmpty)
  }

  // MARK: Refusals, each naming the zip and the member

  private func refusal(_ bytes: [UInt8], name: String = "export.zip") -> ImportError? {
    #expect(throws: ImportError.self) { try Zip.files(bytes, name: name) }
  }

  private func patched(_ fixture: String, _ change: (inout ZipPatch) -> Void) throws -> [UInt8] {
    var patch = ZipPatch(bytes: try interopFixture(fixture).bytes)
    change(&patch)
    return patch.bytes
  }

  @Test func somethingElseIsNotAZip() {
    let error = refusal(Array("Date,Value\n".utf8), name: "Habits.csv")
    #expect(error?.file == "Habits.csv")
    #expect(error?.message.contains("not a zip file") == true)
    #expect(!Zip.isZip(Array("Date".utf8)))
  }

  @Test func aTruncatedZipIsRefused() throws {
    let bytes = try interopFixture("zip-levels.zip").bytes
    for length in [10, bytes.count / 2, bytes.count - 1] {
      #expect(refusal(Array(bytes.prefix(length)))?.file == "export.zip")
    }
  }

  @Test func aZipWhoseMemberIsCutShortIsRefused() throws {
    // The list of files survives but points past the data that is left.
    let bytes = try patched("zip-stored.zip") { $0.cutSecondMember() }
    let error = refusal(bytes)
    #expect(error?.file == "Checkmarks.csv in export.zip")
  }

  @Test func aBadCRCIsRefusedNamingTheMember() throws {
    let bytes = try patched("zip-stored.zip") { $0.flipContentByte(of: 1) }
    let error = refusal(bytes)
    #expect(
      error?.description
        == "Checkmarks.csv in export.zip: The file is damaged: its CRC-32 check does not match its content."
    )
  }

  @Test func aDamagedDeflateStreamIsRefusedNamingTheMember() throws {
    // The first compressed byte's block type bits become 3, the reserved type.
    let bytes = try patched("zip-levels.zip") { $0.setFirstContentByte(of: 6, to: 0b111) }
    let error = refusal(bytes)
    #expect(error?.file == "level-6.csv in export.zip")
    #expect(error?.message == "The compressed data is damaged: a block has the reserved type 3.")
  }

  @Test func aBadHuffmanTableIsRefusedNamingTheMember() throws {
    // A dynamic block whose code length code gives four symbols one bit each.
    let bytes = try patched("zip-levels.zip") {
      $0.setContent(of: 9, to: [0x05, 0x00, 0x92, 0x24])
    }
    let error = refusal(bytes)
    #expect(error?.file == "level-9.csv in export.zip")
    #expect(error?.message.contains("Huffman table") == true)
  }

  @Test func zip64IsRefusedClearly() throws {
    let bytes = try patched("zip-stored.zip") { $0.setEndField(10, width: 2, to: 0xFFFF) }
    #expect(refusal(bytes)?.message.contains("zip64") == true)
  }

  @Test func encryptedAndUnknownMethodsAreRefused() throws {
    let encrypted = try patched("zip-stored.zip") {
      $0.setEntryField(0, offset: 8, width: 2, to: 1)
    }
    #expect(
      refusal(encrypted)?.description.hasPrefix("Habits.csv in export.zip: The file is encrypted")
        == true)
    let bzip2 = try patched("zip-stored.zip") { $0.setEntryField(1, offset: 10, width: 2, to: 12) }
    #expect(refusal(bzip2)?.message.contains("method 12") == true)
  }

  @Test func aMemberThatUnpacksBeyond100MBIsRefusedBeforeUnpacking() throws {
    let bytes = try patched("zip-levels.zip") {
      $0.setEntryField(3, offset: 24, width: 4, to: 100_000_001)
    }
    let error = refusal(bytes)
    #expect(error?.file == "level-3.csv in export.zip")
    #expect(
      error?.message == "The file unpacks to 100000001 bytes; HabitFlow imports files up to 100 MB."
    )
  }

  @Test func aZipThatUnpacksBeyond100MBInAllIsRefused() throws {
    let bytes = try patched("zip-levels.zip") { patch in
      for entry in 0..<3 {
        patch.setEntryField(entry, offset: 20, width: 4, to: 1_000_000)
        patch.setEntryField(entry, offset: 24, width: 4, to: 40_000_000)
      }
    }
    let error = refusal(bytes)
    #expect(error?.file == "export.zip")
    #expect(error?.message.contains("more than 100 MB") == true)
  }

  @Test func aMemberLargerThanItsHeaderSaysIsRefused() throws {
    let bytes = try patched("zip-levels.zip") { $0.setEntryField(5, offset: 24, width: 4, to: 100) }
    #expect(refusal(bytes)?.message.contains("more than the 100 bytes expected") == true)
  }

  @Test func anUploadOver100MBIsRefused() {
    let error = refusal([UInt8](repeating: 0, count: 100_000_001))
    #expect(error?.message == "The file is 100000001 bytes; HabitFlow imports files up to 100 MB.")
  }
}
