import Foundation
public import Logging
import SQLKit

extension HabitStore {
  /// Copies a live SQLite database while a server keeps writing to it (what `habit backup`
  /// does): the copy holds every transaction committed before it began and is a database
  /// `habit serve` starts on as it is. `location` is the database file (or `sqlite://` path).
  public static func backup(
    database location: String, to destination: String,
    logger: Logger = Logger(label: "habitflow.backup")
  ) async throws(BackupError) {
    guard !location.hasPrefix("postgres") else { throw .notSQLite }
    let path =
      location.hasPrefix("sqlite://") ? String(location.dropFirst("sqlite://".count)) : location
    guard FileManager.default.fileExists(atPath: path) else { throw .noDatabase(path) }
    let store: HabitStore
    do {
      store = try await connect(path, runsClient: true, logger: logger)
    } catch {
      throw .failed(String(describing: error))
    }
    do {
      try await store.backup(to: destination)
    } catch {
      try? await store.close()
      throw error
    }
    try? await store.close()
  }

  /// Copies this SQLite database to `destination` with `VACUUM INTO`, which reads one snapshot
  /// and so never blocks the server's writes (WAL mode). The copy is written under a temporary
  /// name beside the destination and linked into place, so an interrupted backup leaves no
  /// half-written file under the destination's name and an existing file is never replaced.
  public func backup(to destination: String) async throws(BackupError) {
    guard let engine = engine as? SQLiteEngine else { throw .notSQLite }
    let files = FileManager.default
    let target = URL(fileURLWithPath: destination)
    let folder = target.deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard files.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw .noSuchFolder(folder)
    }
    for suffix in ["", "-wal", "-journal"] where files.fileExists(atPath: target.path + suffix) {
      throw .destinationExists(target.path + suffix)
    }
    let partial = folder + "/." + target.lastPathComponent + ".partial-" + UUID().uuidString
    defer { try? files.removeItem(atPath: partial) }
    do {
      try await engine.read { database in
        try await database.raw("VACUUM INTO \(bind: partial)").run()
      }
    } catch {
      throw .failed(String(describing: error))
    }
    // The copy holds password and token hashes: only its owner reads it. It is on the disk
    // (VACUUM INTO does not sync its file) before it takes the destination's name.
    guard chmod(partial, 0o600) == 0, Self.sync(partial) else {
      throw .failed("the copy could not be made private and written to disk (errno \(errno))")
    }
    do {
      try files.linkItem(atPath: partial, toPath: target.path)
    } catch {
      if files.fileExists(atPath: target.path) { throw .destinationExists(target.path) }
      throw .failed(error.localizedDescription)
    }
    _ = Self.sync(folder)
  }

  /// Flushes a file or a folder's entries to the disk.
  private static func sync(_ path: String) -> Bool {
    let descriptor = Glibc.open(path, O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { Glibc.close(descriptor) }
    return fsync(descriptor) == 0
  }
}
