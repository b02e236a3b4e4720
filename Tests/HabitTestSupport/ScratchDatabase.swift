import Foundation
import HabitStore
import SQLKit

/// Runs `body` with the URL of a new PostgreSQL database on the server of `url`, dropped
/// afterwards on every path: for a test that must not see other tests' rows, nor rows an earlier
/// run left behind.
public func withScratchDatabase<Result>(
  on url: String, _ body: (String) async throws -> Result
) async throws -> Result {
  guard var components = URLComponents(string: url) else {
    throw ScratchDatabaseFailure(description: "not a database URL: \(url)")
  }
  let name = "habitflow_scratch_\(UUID().uuidString.prefix(8).lowercased())"
  components.path = "/" + name
  let scratch = components.string!
  return try await withStore(url) { admin in
    try await admin.engine.read { try await $0.raw("CREATE DATABASE \(unsafeRaw: name)").run() }
    return try await closing(
      scratch,
      close: { _ in
        try await admin.engine.read {
          try await $0.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name) WITH (FORCE)").run()
        }
      }, body)
  }
}

public struct ScratchDatabaseFailure: Error, CustomStringConvertible {
  public let description: String
}
