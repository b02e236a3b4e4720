public import HabitStore
public import Logging

/// Runs `body` with `resource` and closes it on every path, a thrown error or a failed
/// `#require` included: an SQLite connection that ends a test unclosed stops the whole test
/// process (SQLiteNIO asserts), so no test may leave one open.
public func closing<Resource, Result>(
  _ resource: Resource, close: (Resource) async throws -> Void,
  _ body: (Resource) async throws -> Result
) async throws -> Result {
  let result: Result
  do {
    result = try await body(resource)
  } catch {
    try? await close(resource)
    throw error
  }
  try await close(resource)
  return result
}

/// Opens the store at `location` (an SQLite path or a PostgreSQL URL), runs `body` with it and
/// closes it on every path.
public func withStore<Result>(
  _ location: String, logger: Logger = Logger(label: "habitflow.store"),
  _ body: (HabitStore) async throws -> Result
) async throws -> Result {
  try await withStore(try await HabitStore.open(location, logger: logger), body)
}

/// Runs `body` with `store` and closes it on every path.
public func withStore<Result>(
  _ store: HabitStore, _ body: (HabitStore) async throws -> Result
) async throws -> Result {
  try await closing(store, close: { try await $0.close() }, body)
}
