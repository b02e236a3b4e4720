import Foundation
import HabitStore
import HabitTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import SQLKit
import Testing

@testable import HabitServer

/// On PostgreSQL a large import holds its account's row while it is moved in. A new password or
/// a deletion asked meanwhile must either happen or be refused having changed nothing: never
/// answered "try again" and then done behind the person's back once the import lets go.
@Suite struct AccountBusyTests {
  @Test func aPasswordChangeOrDeletionDuringAnImportIsRefusedAndChangesNothing() async throws {
    guard let url = testPostgresURL(for: "the busy-account test") else { return }
    let opened = try await HabitStore.open(url)
    let store = HabitStore(engine: opened.engine, accountLockWait: .milliseconds(800))
    var logger = Logger(label: "habitflow-test")
    logger.logLevel = .critical
    let app = buildApplication(
      testConfiguration(databaseURL: url), store: store, clock: testClock, logger: logger)
    try await app.test(.router) { client in
      let email = "busy-\(UUID().uuidString.lowercased())@example.com"
      let token = try await client.register(email)
      let account = try #require(
        try await client.call(.get, "/api/v1/account", token: token).json["account"]["id"].string)
      let (held, holding) = AsyncStream<Void>.makeStream()
      let (release, releasing) = AsyncStream<Void>.makeStream()
      // What an import's move does on PostgreSQL: the account's row, shared, until it commits.
      let importMove = Task {
        try await store.engine.transaction { database in
          try await database.raw(
            "SELECT id FROM accounts WHERE id = \(bind: account) FOR SHARE"
          ).run()
          holding.yield()
          for await _ in release { break }
        }
      }
      for await _ in held { break }
      let password = try await client.call(
        .put, "/api/v1/account/password", token: token,
        json: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#)
      let deletion = try await client.call(
        .delete, "/api/v1/account", token: token, json: #"{"password":"correct horse"}"#)
      releasing.yield()
      try await importMove.value
      for refused in [password, deletion] {
        #expect(refused.status == .serviceUnavailable, "\(refused.text)")
        #expect(refused.json["error"]["code"].string == "import_in_progress")
        #expect(refused.headers[.retryAfter] == "30")
      }
      // Well after the import let go, nothing of either request happened.
      try await Task.sleep(for: .seconds(1))
      #expect(try await client.call(.get, "/api/v1/account", token: token).status == .ok)
      let login = try await client.call(
        .post, "/api/v1/sessions", json: #"{"email":"\#(email)","password":"correct horse"}"#)
      #expect(login.status == .ok || login.status == .created, "\(login.text)")
      // Asked again once the import is saved, both go through.
      let again = try await client.call(
        .put, "/api/v1/account/password", token: token,
        json: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#)
      #expect(again.status == .ok || again.status == .noContent, "\(again.text)")
      let deleted = try await client.call(
        .delete, "/api/v1/account", token: token, json: #"{"password":"battery staple"}"#)
      #expect(deleted.status == .ok || deleted.status == .noContent, "\(deleted.text)")
      #expect(try await store.account(id: account) == nil)
    }
  }

  @Test func anAccountChangeGivesUpOnAnImportBeforeTheRequestDoes() {
    #expect(HabitStore.defaultAccountLockWait < PostgresEngine.deadline)
  }
}
