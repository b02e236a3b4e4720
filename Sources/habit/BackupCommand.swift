import ArgumentParser
import Foundation
import HabitServer
import HabitStore

/// `habit backup DEST`: a consistent copy of the server's SQLite database, taken while it runs.
struct BackupCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Copy the server's SQLite database to a new file, safely while the server runs.",
    discussion: """
      The copy is complete and consistent (SQLite's VACUUM INTO) and never replaces an existing file. It runs beside the server (it takes no lock on the data folder) and is readable by its owner only (0600). To restore, stop the server and start it on a folder holding the copy as habitflow.sqlite: habit serve --data-dir <that folder>. PostgreSQL is backed up with pg_dump instead (see docs/running.md).

      Examples:
        habit backup /var/backups/habitflow-2026-11-23.sqlite
        habit backup --data-dir /srv/habitflow ~/habitflow.sqlite
      """)

  @Option(
    name: .customLong("data-dir"),
    help: "The server's data folder (default: HABITFLOW_DATA_DIR, else as habit serve).")
  var dataDirectory: String?
  @Option(
    name: .customLong("database-url"),
    help: "The server's --database-url, if it has one (PostgreSQL is backed up with pg_dump).")
  var databaseURL: String?

  @Argument(help: "The new file to write.") var destination: String

  func run() async throws {
    let folder =
      dataDirectory ?? ProcessInfo.processInfo.environment["HABITFLOW_DATA_DIR"]
      ?? ServerConfiguration.defaultDataDirectory
    var configuration = ServerConfiguration(dataDirectory: folder)
    // A server on PostgreSQL is backed up with pg_dump: say so rather than copy a stale file.
    configuration.databaseURL =
      databaseURL ?? ProcessInfo.processInfo.environment["HABITFLOW_DATABASE_URL"]
    let location = configuration.databaseLocation
    do {
      try await HabitStore.backup(database: location, to: destination)
    } catch {
      FileHandle.standardError.write(Data(("habit backup: " + error.description + "\n").utf8))
      throw ExitCode.failure
    }
    print("Backed up " + location + " to " + destination + ".")
  }
}
