import Foundation
public import HabitStore
public import Hummingbird
public import Logging
import ServiceLifecycle

/// Builds the HabitFlow server: the same function runs `habit serve` and the tests.
public func buildApplication(
  _ configuration: ServerConfiguration, clock: WallClock = .system, logger: Logger,
  onRunning: @escaping @Sendable (String) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
  if case .failure(let refused) = TrustedProxy.parse(configuration.trustedProxies) {
    throw StartUpError(refused.description)
  }
  try await checkListening(configuration)
  // One server per SQLite folder: the lock is taken before the database is opened and let go
  // after it is closed.
  // An SQLite file named by --database-url is locked in its own folder.
  let location = configuration.databaseLocation
  let sqlite = HabitStore.sqlitePath(location)
  let folder =
    configuration.databaseURL == nil
    ? configuration.dataDirectory
    : sqlite.lastIndex(of: "/").map { String(sqlite[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
  let lock =
    HabitStore.isPostgres(location)
    ? nil : try DataFolderLock(folder: folder, database: sqlite, logger: logger)
  let store = try await HabitStore.connect(
    configuration.databaseLocation, runsClient: false, logger: logger)
  // The reminder scheduler starts beside the server: it waits until the schema is up to date.
  let ready = StoreReadiness()
  var (app, reminders) = makeApplication(
    configuration, store: store, ready: ready, clock: clock, logger: logger, onRunning: onRunning)
  // PostgreSQL's pool runs as a service of the application: it starts before the server (the
  // schema is brought up to date once it runs) and stops after the last request.
  if let client = store.clientService { app.addServices(client) }
  app.addServices(StoreService(store: store, lock: lock))
  // Added after the store, so it stops before the store closes.
  app.addServices(reminders)
  app.beforeServerStarts {
    try await store.migrate()
    ready.open()
  }
  return app
}

/// Builds the server on a store that is already open (tests pass one whose engine they can
/// break on purpose); the application closes it when it stops. A simulation names the server's
/// `device` so its runs replay exactly (nil: a random one, as `habit serve` has).
public func buildApplication(
  _ configuration: ServerConfiguration, store: HabitStore, clock: WallClock = .system,
  device: String? = nil, logger: Logger,
  onRunning: @escaping @Sendable (String) async -> Void = { _ in }
) -> some ApplicationProtocol {
  var (app, reminders) = makeApplication(
    configuration, store: store, ready: StoreReadiness(open: true), clock: clock, device: device,
    logger: logger, onRunning: onRunning)
  app.addServices(StoreService(store: store))
  app.addServices(reminders)
  return app
}

private func makeApplication(
  _ configuration: ServerConfiguration, store: HabitStore, ready: StoreReadiness, clock: WallClock,
  device: String? = nil, logger: Logger, onRunning: @escaping @Sendable (String) async -> Void
) -> (Application<RouterResponder<HabitRequestContext>>, ReminderScheduler) {
  let services = HabitServices(
    configuration: configuration, store: store, clock: clock, device: device, logger: logger)
  let router = buildRouter(services)
  let reminders = ReminderScheduler(
    services: services, delivery: services.push, ready: ready, logger: logger)
  let app = Application(
    router: router,
    configuration: .init(
      address: .hostname(configuration.host, port: configuration.port), serverName: "HabitFlow"),
    onServerRunning: { channel in
      let port = channel.localAddress?.port ?? configuration.port
      await onRunning("http://\(configuration.host):\(port)")
    },
    logger: logger)
  return (app, reminders)
}

func buildRouter(_ services: HabitServices) -> Router<HabitRequestContext> {
  let router = Router(context: HabitRequestContext.self)
  router.add(middleware: MetricsMiddleware(metrics: services.metrics))
  router.add(middleware: SecurityHeadersMiddleware(configuration: services.configuration))
  router.add(middleware: ErrorMiddleware())
  router.add(middleware: RequestLogMiddleware(level: .info))
  if let web = services.configuration.webDirectory {
    router.add(middleware: WebAppMiddleware(directory: web))
    router.add(middleware: WebFilesMiddleware(directory: web))
  }
  ServiceRoutes(services: services).add(to: router)
  MetricsRoute(metrics: services.metrics, configuration: services.configuration).add(to: router)
  let calendar = CalendarRoutes(services: services)
  calendar.addFeed(to: router)
  let api = router.group("api/v1")
  let accounts = AccountRoutes(services: services)
  accounts.addPublic(to: api)
  let push = PushRoutes(services: services, delivery: services.push)
  push.addPublic(to: api)
  let protected = api.group().add(
    middleware: AuthenticationMiddleware(
      store: services.store, clock: services.clock, cache: services.sessions,
      configuration: services.configuration))
  accounts.addProtected(to: protected)
  SyncRoutes(services: services).add(to: protected)
  HabitRoutes(services: services).add(to: protected)
  EntryRoutes(services: services).add(to: protected)
  CategoryRoutes(services: services).add(to: protected)
  StatisticsRoutes(services: services).add(to: protected)
  DataRoutes(services: services).add(to: protected)
  push.addProtected(to: protected)
  calendar.addProtected(to: protected)
  return router
}

/// Closes the database after the HTTP server has stopped: the service group shuts services down in
/// reverse order, so every in-flight request (and its commit) finishes first.
struct StoreService: Service {
  let store: HabitStore
  /// The SQLite folder's lock, let go once the database is closed.
  var lock: DataFolderLock? = nil

  func run() async throws {
    try? await gracefulShutdown()
    defer { lock?.release() }
    // When the group is cancelled (the port was in use, a migration failed) this task is too,
    // and SQLite's close would be skipped; the process would then crash on the open connection.
    let store = store
    try await Task { try await store.close() }.value
  }
}
