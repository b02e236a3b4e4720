/// Why an online backup of the SQLite database was not made. Nothing is written when it fails:
/// the copy appears under its name only once it is complete.
public enum BackupError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Something already exists at the destination (or its `-wal`/`-journal` file): never replaced.
  case destinationExists(String)
  /// The destination's folder does not exist.
  case noSuchFolder(String)
  /// There is no database at the source path (a backup never creates an empty one).
  case noDatabase(String)
  /// The store is on PostgreSQL, which is backed up with its own tools.
  case notSQLite
  /// SQLite or the file system refused (disk full, permissions).
  case failed(String)

  public var description: String {
    switch self {
    case .destinationExists(let path):
      return "\(path) already exists; choose a new file name (a backup never replaces a file)."
    case .noSuchFolder(let path):
      return "The folder \(path) does not exist; create it first or choose another destination."
    case .noDatabase(let path):
      return "There is no HabitFlow database at \(path); check --data-dir."
    case .notSQLite:
      return
        "This server keeps its data in PostgreSQL: back it up with pg_dump (see docs/running.md)."
    case .failed(let detail):
      return "The backup could not be written: \(detail)"
    }
  }
}
