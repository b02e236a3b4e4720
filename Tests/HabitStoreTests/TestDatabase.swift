import Foundation
import HabitStore
import HabitSync
import HabitTestSupport
import Testing

/// Opens stores for the conformance suite: SQLite in a temporary file always; PostgreSQL from
/// HABITFLOW_TEST_POSTGRES_URL, which CI must set (the suite fails there without it).
enum TestDatabase {
  static let postgresURL = ProcessInfo.processInfo.environment["HABITFLOW_TEST_POSTGRES_URL"]
  static let isCI = ProcessInfo.processInfo.environment["CI"] != nil

  /// The engines this run covers.
  static var engines: [SQLFlavor] {
    postgresURL != nil || isCI ? [.sqlite, .postgres] : [.sqlite]
  }

  struct Missing: Error, CustomStringConvertible {
    let description =
      "HABITFLOW_TEST_POSTGRES_URL is not set: the PostgreSQL conformance suite cannot run"
  }

  static func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "habitflow-\(UUID().uuidString).sqlite"
    ).path
  }

  static func open(_ flavor: SQLFlavor) async throws -> HabitStore {
    switch flavor {
    case .sqlite: return try await HabitStore.open(temporaryPath())
    case .postgres:
      guard let url = postgresURL else { throw Missing() }
      return try await HabitStore.open(url)
    }
  }

  /// Runs `body` with a store of `flavor` and closes it on every path.
  static func withStore<Result>(
    _ flavor: SQLFlavor, _ body: (HabitStore) async throws -> Result
  ) async throws -> Result {
    try await HabitTestSupport.withStore(try await open(flavor), body)
  }

  /// A store on a database nobody else uses (a fresh SQLite file, or a new PostgreSQL database),
  /// for tests that look at the whole schema. Dropped afterwards.
  static func withEmptyDatabase(
    _ flavor: SQLFlavor, _ body: (String) async throws -> Void
  ) async throws {
    switch flavor {
    case .sqlite:
      try await body(temporaryPath())
    case .postgres:
      guard let url = postgresURL else { throw Missing() }
      try await withScratchDatabase(on: url, body)
    }
  }

  static func newAccount() -> String { "acct-" + UUID().uuidString.lowercased() }
}

let baseWall: Int64 = 1_795_348_800_000

func change(
  _ id: String, _ entity: Entity = .habit, _ key: String = "h1", _ field: String = "title",
  _ value: FieldValue = .text("Read"), wall: Int64 = baseWall, counter: Int = 0,
  device: String = "phone"
) -> Change {
  Change(
    id: id, field: FieldKey(entity, key, field), value: value,
    stamp: Stamp(wall: wall, counter: counter, device: device))
}
