import SQLKit

extension HabitStore {
  /// The value kept under `name`, made by `make` and saved the first time it is asked for. Two
  /// servers starting together both keep the first one saved.
  public func serverKey(_ name: String, make: @escaping @Sendable () -> String) async throws
    -> String
  {
    try await engine.transaction { database in
      try await database.raw(
        "INSERT INTO server_keys (name, value) VALUES (\(bind: name), \(bind: make())) ON CONFLICT (name) DO NOTHING"
      ).run()
      guard
        let row = try await database.raw(
          "SELECT value FROM server_keys WHERE name = \(bind: name)"
        ).first()
      else { throw StoreError.corruptRow("server key \(name)") }
      return try row.decode(column: "value", as: String.self)
    }
  }
}
