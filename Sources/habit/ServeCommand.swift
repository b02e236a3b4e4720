import ArgumentParser
import Foundation
import HabitServer
import Logging

/// `habit serve`: the server, the web app and the sync API.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run the HabitFlow server (web app, REST and sync API).",
    discussion: """
      Every option can also come from the environment: HABITFLOW_HOST, HABITFLOW_PORT, \
      HABITFLOW_DATA_DIR, HABITFLOW_DATABASE_URL, HABITFLOW_LOG_LEVEL, HABITFLOW_WEB_DIR, \
      HABITFLOW_PASSWORD_COST, HABITFLOW_TRUSTED_PROXY (addresses or CIDR ranges, separated by commas), \
      HABITFLOW_SECURE_COOKIES, HABITFLOW_CACHED_ACCOUNTS, HABITFLOW_METRICS_TOKEN, \
      HABITFLOW_PUSH_CONTACT.

      One server per SQLite data folder: it holds habitflow.lock there while it runs, and a \
      second one on the same folder refuses to start. The folder is made private (0700 when the \
      server creates it) and the database and SQLite's files beside it private (0600, also those \
      an older version left readable). habit backup runs beside the server and takes no lock.

      Exit status: 0 after a clean stop (SIGTERM or Ctrl-C); 1 when the server cannot start or \
      fails (one line on standard error: the data folder in use by another server, not writable \
      or not readable, the port in use, a --trusted-proxy that is not an address or a range, the \
      database unreachable); 2 for a wrong command line.

      """ + "\n" + ImportLimitsHelp.text)

  @Option(help: "Address to listen on.") var host: String?
  @Option(help: "Port to listen on (0 picks a free one).") var port: Int?
  @Option(name: .customLong("data-dir"), help: "Folder for the SQLite database.") var dataDirectory:
    String?
  @Option(
    name: .customLong("database-url"),
    help: "postgres://user:password@host:port/name to use PostgreSQL.")
  var databaseURL: String?
  @Option(
    name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
  var logLevel: String?
  @Option(name: .customLong("web-dir"), help: "Folder with the web app's files.") var webDirectory:
    String?
  @Option(name: .customLong("password-cost"), help: "bcrypt cost (default 12).") var passwordCost:
    Int?
  @Option(
    name: .customLong("trusted-proxy"),
    help:
      "IP address or CIDR range (10.0.0.0/8, fd00::/8) of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (repeatable)."
  )
  var trustedProxies: [String] = []
  @Option(
    name: .customLong("secure-cookies"),
    help:
      "auto (Secure cookies and HSTS when a trusted proxy says the request came over HTTPS), always or never."
  )
  var secureCookies: String?
  @Option(
    name: .customLong("cached-accounts"),
    help:
      "Accounts held in memory at once (default 1000; about 1.7 MiB each with a year of history).")
  var cachedAccounts: Int?
  @Option(
    name: .customLong("metrics-token"),
    help: "Bearer token /metrics asks for (without one, /metrics answers only this machine).")
  var metricsToken: String?
  @Option(
    name: .customLong("push-contact"),
    help: "mailto: or https: contact push services see in VAPID signatures.")
  var pushContact: String?
  @Option(
    name: .customLong("reminder-interval"),
    help: "Seconds between the reminder scheduler's looks at what is due (default 20).")
  var reminderInterval: Int?
  @Flag(
    name: .customLong("push-allow-loopback-http"),
    help: "Accept plain-HTTP push endpoints on this machine (tests with a push service stand-in).")
  var pushAllowsLoopbackHTTP = false

  func run() async throws {
    do {
      try await serve()
    } catch let error as StartUpError {
      FileHandle.standardError.write(Data(("habit serve: " + error.description + "\n").utf8))
      throw ExitCode.failure
    }
  }

  private func serve() async throws {
    let environment = ProcessInfo.processInfo.environment
    var configuration = ServerConfiguration(
      dataDirectory: dataDirectory ?? environment["HABITFLOW_DATA_DIR"]
        ?? ServerConfiguration.defaultDataDirectory)
    configuration.host = host ?? environment["HABITFLOW_HOST"] ?? configuration.host
    if let port = port ?? environment["HABITFLOW_PORT"].flatMap(Int.init) {
      guard (0...65_535).contains(port) else {
        throw ValidationError("The port must be between 0 and 65535.")
      }
      configuration.port = port
    }
    configuration.databaseURL = databaseURL ?? environment["HABITFLOW_DATABASE_URL"]
    configuration.webDirectory =
      webDirectory ?? environment["HABITFLOW_WEB_DIR"] ?? Self.bundledWebDirectory
    if let cost = passwordCost ?? environment["HABITFLOW_PASSWORD_COST"].flatMap(Int.init) {
      guard (4...31).contains(cost) else {
        throw ValidationError("The password cost must be between 4 and 31.")
      }
      configuration.passwordCost = cost
    }
    let (proxies, source) =
      trustedProxies.isEmpty
      ? ([environment["HABITFLOW_TRUSTED_PROXY"] ?? ""], "HABITFLOW_TRUSTED_PROXY")
      : (trustedProxies, "--trusted-proxy")
    configuration.trustedProxies = proxies.flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if case .failure(let refused) = TrustedProxy.parse(configuration.trustedProxies, from: source) {
      throw StartUpError(refused.description)
    }
    if let name = secureCookies ?? environment["HABITFLOW_SECURE_COOKIES"] {
      guard let mode = ServerConfiguration.SecureCookies(rawValue: name) else {
        throw ValidationError("--secure-cookies takes auto, always or never, not \"\(name)\".")
      }
      configuration.secureCookies = mode
    }
    if let cachedAccounts {
      guard cachedAccounts >= 1 else {
        throw ValidationError("--cached-accounts must be at least 1.")
      }
      configuration.cachedAccounts = cachedAccounts
    }
    if let metricsToken, !metricsToken.isEmpty { configuration.metricsToken = metricsToken }
    if let contact = pushContact ?? environment["HABITFLOW_PUSH_CONTACT"] {
      guard contact.hasPrefix("mailto:") || contact.hasPrefix("https://") else {
        throw ValidationError("--push-contact must start with mailto: or https://.")
      }
      configuration.pushContact = contact
    }
    if let interval = reminderInterval {
      guard (1...3600).contains(interval) else {
        throw ValidationError("--reminder-interval must be between 1 and 3600 seconds.")
      }
      configuration.reminderInterval = interval
    }
    configuration.pushAllowsLoopbackHTTP = pushAllowsLoopbackHTTP
    let levelName = logLevel ?? environment["HABITFLOW_LOG_LEVEL"] ?? "info"
    guard let level = Logger.Level(rawValue: levelName) else {
      throw ValidationError("Unknown log level \"\(levelName)\".")
    }
    var logger = Logger(label: "habitflow")
    logger.logLevel = level
    let database = configuration.databaseDescription
    do {
      let app = try await buildApplication(configuration, logger: logger) { url in
        FileHandle.standardOutput.write(
          Data("HabitFlow is running at \(url) (data: \(database)). Press Ctrl-C to stop.\n".utf8))
      }
      try await runServer(app, address: configuration.listeningAddress, logger: logger)
    } catch let error {
      guard let url = configuration.databaseURL, "\(error)".contains(url) else { throw error }
      throw Redacted(
        description: "\(error)".replacingOccurrences(
          of: url, with: ServerConfiguration.redactingPassword(url)))
    }
  }

  /// An error that quoted the database URL, as printed with the password hidden.
  struct Redacted: Error, CustomStringConvertible {
    let description: String
  }

  /// The repository's `Web/` folder when running from a checkout (`swift run habit serve`).
  static var bundledWebDirectory: String? {
    let candidates = [
      FileManager.default.currentDirectoryPath + "/Web",
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Web").path,
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/index.html") }
  }
}
