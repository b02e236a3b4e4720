import Foundation
import HabitCore
import HabitInterop
import HabitStore
import HabitSync
import HabitTestSupport
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import HabitServer

/// An import of years of history commits past a request's database deadline: it must land whole
/// (and survive a restart) while other accounts' check-ins keep being answered within theirs.
@Suite(.serialized) struct LargeImportTests {
  @Test(arguments: SlowCommitTests.engines)
  func aLoopExportOfFiftyHabitsOverTenYearsImportsWholeWhileOthersCheckIn(_ flavor: SQLFlavor)
    async throws
  {
    let upload = LoopExportFixture.zip(habits: 50, days: 3_650, endingOn: Day(iso: today)!)
    try await Self.importWhileOthersCheckIn(flavor, upload: upload, habits: 50)
  }

  /// Imports `upload` into one account while another checks in, then reads the account back
  /// from a second server on the same database.
  static func importWhileOthersCheckIn(_ flavor: SQLFlavor, upload: [UInt8], habits: Int)
    async throws
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-import-" + UUID().uuidString
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let url: String?
    switch flavor {
    case .sqlite: url = nil
    case .postgres:
      url = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"]
      guard url != nil else { throw SlowCommitTests.NoPostgres() }
    }
    let configure: (inout ServerConfiguration) -> Void = {
      $0.dataDirectory = folder
      $0.databaseURL = url
    }
    let landed = Shared((account: "", changes: 0))
    try await withServer(configure: configure) { client in
      let importer = try await client.register("importer-\(UUID().uuidString)@example.com")
      let other = try await client.register("other-\(UUID().uuidString)@example.com")
      let habit = try await client.createHabit(
        other, #""title":"Walk","category":"health","start":"2025-01-01""#)
      let stop = Shared(false)
      let checkIns = Task {
        var answers: [(ok: Bool, took: Duration)] = []
        var back = 0
        while !stop.value {
          back += 1
          let day = Day(iso: today)!.advanced(by: -(back % 600)).iso
          let began = ContinuousClock.now
          let status = try? await client.call(
            .put, "/api/v1/habits/\(habit)/entries/\(day)/done", token: other
          ).status
          answers.append((status == .ok, .now - began))
          try? await Task.sleep(for: .milliseconds(20))
        }
        return answers
      }
      let response = try await client.execute(
        uri: "/api/v1/import", method: .post,
        headers: [.authorization: "Bearer " + importer, .contentType: "application/octet-stream"],
        body: ByteBuffer(bytes: upload))
      stop.value = true
      let answers = await checkIns.value
      #expect(response.status == .ok, "\(response.text.prefix(300))")
      #expect(response.json["summary"]["habitsAdded"].int == habits)
      #expect(!answers.isEmpty)
      #expect(answers.allSatisfy { $0.ok }, "every other account's check-in was answered 200")
      let slowest = answers.map(\.took).max() ?? .zero
      #expect(slowest < HabitServices.databaseDeadline, "slowest check-in took \(slowest)")
      let account = try await client.call(.get, "/api/v1/account", token: importer).json
      landed.value = (
        try #require(account["account"]["id"].string ?? account["id"].string),
        try #require(response.json["summary"]["changes"].int)
      )
    }
    // The database holds the whole import once the server has stopped.
    let (account, changes) = landed.value
    #expect(changes > 1_000)
    let stored = try await HabitTestSupport.withStore(
      url ?? folder + "/habitflow.sqlite"
    ) { store in try await store.state(account: account).count }
    #expect(stored >= changes, "\(stored) of \(changes) changes stored")
  }
}
