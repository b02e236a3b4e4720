import ArgumentParser
import Foundation
import HabitServer
import Logging

/// `habit`: HabitFlow on the command line.
@main
struct Habit: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "HabitFlow: a habit tracker that works offline and syncs.",
    subcommands: [Serve.self])
}

/// `habit serve`: the server, the web app and the sync API.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run the HabitFlow server (web app, REST and sync API).",
    discussion: """
      Every option can also come from the environment: HABITFLOW_HOST, HABITFLOW_PORT,
      HABITFLOW_DATA_DIR, HABITFLOW_DATABASE_URL, HABITFLOW_LOG_LEVEL, HABITFLOW_WEB_DIR.
      """)

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

  func run() async throws {
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
    let levelName = logLevel ?? environment["HABITFLOW_LOG_LEVEL"] ?? "info"
    guard let level = Logger.Level(rawValue: levelName) else {
      throw ValidationError("Unknown log level \"\(levelName)\".")
    }
    var logger = Logger(label: "habitflow")
    logger.logLevel = level
    let database =
      configuration.databaseURL == nil
      ? configuration.databaseLocation : "PostgreSQL at \(configuration.databaseURL!)"
    let app = try await buildApplication(configuration, logger: logger) { url in
      FileHandle.standardOutput.write(
        Data("HabitFlow is running at \(url) (data: \(database)). Press Ctrl-C to stop.\n".utf8))
    }
    try await app.runService()
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
