import NIOPosix

/// Where uploaded files are unzipped and parsed: threads of their own, never Swift's cooperative
/// pool. On a two-core server that pool has two threads, and two imports parsing on it for
/// seconds would hold up every account's check-ins behind them.
enum ImportThreads {
  static let pool: NIOThreadPool = {
    let pool = NIOThreadPool(numberOfThreads: 2)
    pool.start()
    return pool
  }()
}
