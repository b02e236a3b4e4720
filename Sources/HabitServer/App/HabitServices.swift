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
  /// SQLite is served by one process, so this process sees every write and its cached accounts
  /// never need to look for rows written elsewhere.
  let exclusive: Bool
  /// This process's device id in stamps and count counters: each server process counts its own
  /// taps, so two processes never overwrite each other's.
  let device: String

  /// How long a request waits for the database before it is answered 503: a connection the
  /// database ended mid-statement must never hold a request (or shutdown) for good.
  static let databaseDeadline: Duration = .seconds(4)

  init(configuration: ServerConfiguration, store: HabitStore, clock: WallClock, logger: Logger) {
    self.configuration = configuration
    self.store = store
    self.clock = clock
    secrets = Secrets(passwordCost: UInt8(clamping: configuration.passwordCost))
    push = PushDelivery(
      store: store, subject: configuration.pushContact, clock: clock, logger: logger)
    let metrics = metrics
    let writer = WriteQueue(
      store: store, deadline: Self.databaseDeadline, logger: logger, metrics: metrics)
    self.writer = writer
    let device = "server-" + Secrets.newID(bytes: 4)
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

  /// Why this server should not be sent traffic now, or nil: a write probe that must commit
  /// within a deadline, and the group commits' own failures (disk full, corrupt pages, stuck).
  func readiness() async -> String? {
    if let trouble = await writer.trouble() { return trouble }
    let store = self.store
    do {
      try await Deadline.run(within: .seconds(2)) { try await store.checkWritable() }
      return nil
    } catch {
      return String(describing: error)
    }
  }
}
