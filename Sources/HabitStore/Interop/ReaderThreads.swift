import NIOPosix

/// Threads of their own for reading uploaded SQLite files: a slow or huge file must never hold
/// NIO's shared thread pool, where the store's own SQLite calls run. Each read gets a thread made
/// for it and shut down after; at most `limit` run at once, the others wait their turn.
struct ReaderThreads: Sendable {
  let limit: Int
  private let turns: AsyncLock

  init(limit: Int) {
    self.limit = limit
    turns = AsyncLock(permits: limit)
  }

  /// Runs `body` with a pool of one thread of its own, once fewer than `limit` others run.
  func run<Result: Sendable>(_ body: @escaping @Sendable (NIOThreadPool) async throws -> Result)
    async throws -> Result
  {
    try await turns.withLock {
      let pool = NIOThreadPool(numberOfThreads: 1)
      pool.start()
      do {
        let result = try await body(pool)
        try await pool.shutdownGracefully()
        return result
      } catch {
        try? await pool.shutdownGracefully()
        throw error
      }
    }
  }
}
