public import HabitStore
public import SQLKit

/// An engine that wraps another to break its transactions on purpose; reads and closing go
/// straight through, so a wrapper writes only what it breaks.
public protocol EngineWrapper: SQLEngine {
  var inner: any SQLEngine { get }
}

extension EngineWrapper {
  public var flavor: SQLFlavor { inner.flavor }

  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    try await inner.read(body)
  }

  public func close() async throws { try await inner.close() }
}
