import Foundation
import HTTPTypes
import HabitCore
import HabitStore
import HabitSync
import Hummingbird
import Logging

/// What every route needs: the store, the clock, secrets, the group-commit writer and the cached
/// account workspaces.
final class HabitServices: Sendable {
  let configuration: ServerConfiguration
  let store: HabitStore
  let clock: WallClock
  let secrets: Secrets
  let writer: WriteQueue
  let workspaces: Workspaces
  let metrics = ServerMetrics()
  let limiter = RateLimiter()
  let sessions = SessionCache()
  let push: PushDelivery
  /// Imports take turns by size, so uploads sent together stay within a memory budget.
  let imports = ImportGate()
  /// SQLite is served by one process, so this process sees every write and its cached accounts
  /// never need to look for rows written elsewhere.
  let exclusive: Bool
  /// This process's device id in stamps and count counters: each server process counts its own
  /// taps, so two processes never overwrite each other's.
  let device: String

  /// How long a request waits for the database before it is answered 503: a connection the
  /// database ended mid-statement must never hold a request (or shutdown) for good.
  static let databaseDeadline: Duration = .seconds(4)
  /// How long an import's commit may take: years of history are hundreds of thousands of rows.
  static let importDeadline: Duration = .seconds(300)
  /// How long every write may fail before `/healthz` fails too, so a supervisor restarts the
  /// server: long enough for PostgreSQL to restart, short enough that nobody waits on a wedge.
  static let wedgedAfter: Duration = .seconds(30)
  /// Free disk space below which the server is not ready: a restart on a full disk must not
  /// look ready because its first small write reused space the database already held.
  static let minimumFreeDisk = 16 << 20
  /// The database file's soundness, checked at the first readiness probe and every ten minutes.
  let damage: DamageWatch

  init(
    configuration: ServerConfiguration, store: HabitStore, clock: WallClock,
    device: String? = nil, logger: Logger
  ) {
    self.configuration = configuration
    self.store = store
    self.clock = clock
    damage = DamageWatch(store: store)
    secrets = Secrets(passwordCost: UInt8(clamping: configuration.passwordCost))
    push = PushDelivery(
      store: store, subject: configuration.pushContact,
      allowsLoopback: configuration.pushAllowsLoopbackHTTP, clock: clock, logger: logger)
    let metrics = metrics
    let writer = WriteQueue(
      store: store, deadline: Self.databaseDeadline, logger: logger, metrics: metrics)
    self.writer = writer
    let device = device ?? "server-" + Secrets.newID(bytes: 4)
    self.device = device
    let exclusive = store.engine.flavor == .sqlite
    self.exclusive = exclusive
    let loads = AccountLoadGate(width: ProcessInfo.processInfo.activeProcessorCount)
    workspaces = Workspaces(limit: configuration.cachedAccounts, metrics: metrics) { account in
      Workspace(
        account: account, device: device, store: store, writer: writer, clock: clock,
        exclusive: exclusive, metrics: metrics, loads: loads)
    }
  }

  static let clientDateHeader = HTTPField.Name("X-Client-Date")!

  /// The person's today: the date their device sends (within a day of UTC, for time zones), or
  /// the UTC date.
  func today(_ request: Request) -> Day {
    let utc = clock.today
    if let text = request.headers[Self.clientDateHeader], let day = Day(iso: text),
      abs(utc.distance(to: day)) <= 1
    {
      return day
    }
    return utc
  }

  func workspace(_ context: HabitRequestContext) async throws -> Workspace {
    workspaces.workspace(try context.requireIdentity().accountID)
  }

  /// Commits changes that did not come from a workspace (sync, restore) and, when this process is
  /// the only writer, merges them into the account's cached workspace too.
  func commitExternal(_ changes: [Change], account: String, visit: DeviceVisit? = nil)
    async throws -> BatchResult
  {
    let result: BatchResult
    do {
      result = try await writer.commit(changes, account: account, visit: visit)
    } catch {
      // A commit past its deadline may still land: the account's workspace reads it back.
      await workspaces.existing(account)?.invalidate()
      throw error
    }
    if exclusive, !changes.isEmpty, let workspace = workspaces.existing(account) {
      await workspace.absorb(changes)
    }
    return result
  }

  /// Why this server should be restarted, or nil: its writes have been failing or stuck for
  /// long (a store that stays wedged until a restart).
  func health() async -> String? {
    await writer.wedged()
  }

  /// Why this server should not be sent traffic now, or nil: a write probe that must commit
  /// within a deadline, the group commits' own failures (disk full, corrupt pages, stuck), a
  /// nearly full disk, and damaged pages in the database file.
  func readiness(minimumFreeDisk: Int = HabitServices.minimumFreeDisk) async -> String? {
    if let wedged = await writer.wedged() { return wedged }
    if let trouble = await writer.trouble() { return trouble }
    if let free = store.freeDiskBytes, free < minimumFreeDisk {
      return "the disk holding the database has only \(free) bytes free"
    }
    if let damage = await damage.damage() { return damage }
    let store = self.store
    do {
      try await Deadline.run(within: .seconds(2)) { try await store.checkWritable() }
      return nil
    } catch {
      return String(describing: error)
    }
  }
}
