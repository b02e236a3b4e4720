import Foundation
import HabitStore
import HabitSync
import HabitTestSupport
import HummingbirdTesting
import Logging
import Testing

@testable import HabitServer

/// `/readyz` must not say ready on a database file with damaged pages, though every write it
/// probes with may still succeed.
@Suite struct ReadinessDamageTests {
  @Test func aDatabaseWithDamagedPagesIsNotReady() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-damage-" + UUID().uuidString
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/habitflow.sqlite"
    try await withStore(path) { store in
      let changes = (0..<3_000).map { number in
        Change(
          id: "c\(number)", field: FieldKey(.entry, "read:\(number)", "note"),
          value: .text(String(repeating: "a note ", count: 20)),
          stamp: Stamp(wall: 1_795_348_800_000, counter: number, device: "phone"))
      }
      _ = try await store.apply(changes, account: "ann")
    }
    // Pages in the middle of the file (the field rows) overwritten, as a failing disk might.
    let file = try #require(FileHandle(forUpdatingAtPath: path))
    let size = try file.seekToEnd()
    try file.seek(toOffset: size / 2)
    file.write(Data(repeating: 0xA5, count: 16_384))
    try file.close()

    let configure: (inout ServerConfiguration) -> Void = { $0.dataDirectory = folder }
    try await withServer(configure: configure) { client in
      let ready = try await client.call(.get, "/readyz")
      #expect(ready.status == .serviceUnavailable)
      #expect(ready.errorCode == "not_ready")
      #expect(ready.text.contains("damaged"), "\(ready.text)")
    }
  }

  @Test func aDiskWithoutRoomForTheDatabaseToGrowIsNotReadyThoughASmallWriteSucceeds()
    async throws
  {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-room-\(UUID().uuidString).sqlite"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await withStore(path) { store in
      let services = HabitServices(
        configuration: testConfiguration(), store: store, clock: testClock,
        logger: Logger(label: "habitflow-test"))
      #expect(await services.readiness() == nil)
      try await store.checkWritable()
      let free = try #require(store.freeDiskBytes)
      let trouble = await services.readiness(minimumFreeDisk: free + (1 << 30))
      #expect(trouble?.contains("bytes free") == true, "\(trouble ?? "ready")")
    }
  }
}
