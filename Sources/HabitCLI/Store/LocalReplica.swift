import Foundation
import HabitCore
import HabitStore
import HabitSync
import Logging

/// The replica on disk: SQLite (through `ReplicaStore`) is the truth, and a `TrackerSnapshot`
/// beside it is what read commands load. Edits hold the folder's lock from load to save, so a
/// background sync and a command never overwrite each other's changes.
enum LocalReplica {
  /// The tracker as last saved, from the snapshot (rebuilt from SQLite when it is missing).
  static func snapshot(_ folder: DataFolder) async throws(CLIError) -> TrackerSnapshot {
    if let snapshot = TrackerSnapshot.read(from: folder.snapshot) { return snapshot }
    try? FileManager.default.removeItem(atPath: folder.snapshot)
    let empty = TrackerSnapshot(tracker: Tracker(), device: "", pending: 0, firstWeekday: .monday)
    guard FileManager.default.fileExists(atPath: folder.database) else { return empty }
    try await edit(folder, today: Day(daysSince1970: 0), wall: 0) { _ in }
    return TrackerSnapshot.read(from: folder.snapshot) ?? empty
  }

  /// Opens the replica, runs `body` and saves what it changed (nothing when it throws), then
  /// rewrites the snapshot.
  static func edit<Result: Sendable>(
    _ folder: DataFolder, today: Day, wall: Int64,
    _ body: (inout ReplicaSession) async throws(CLIError) -> Result
  ) async throws(CLIError) -> Result {
    try folder.create()
    let lock = try FileLock(path: folder.lock)
    defer { withExtendedLifetime(lock) {} }
    let store: HabitStore
    do {
      store = try await HabitStore.open(folder.database, logger: Logger(label: "habitflow.cli"))
    } catch {
      throw CLIError(
        "Could not open the replica \(folder.database): \(error)", code: "data_folder",
        exit: .failure)
    }
    do throws(CLIError) {
      var session = try await ReplicaSession.open(
        ReplicaStore(store: store), snapshot: folder.snapshot, today: today, wall: wall,
        newDevice: { folder.device ?? newDevice() })
      let result = try await body(&session)
      if session.needsSave || !FileManager.default.fileExists(atPath: folder.snapshot) {
        // The snapshot goes first: if saving fails half-way it is rebuilt from SQLite, never
        // shown stale.
        try? FileManager.default.removeItem(atPath: folder.snapshot)
        if let (replica, saved) = try await session.save() {
          try TrackerSnapshot(replica, saved: saved).write(to: folder.snapshot)
        }
      }
      try? await store.close()
      return result
    } catch {
      try? await store.close()
      throw error
    }
  }

  /// Moves the replica aside to a new file in the folder (its data kept, not synced again) and
  /// runs `then` under the same lock, so no sync saves into the folder in between; the file's
  /// path, or nil when there was no replica.
  static func setAside(
    _ folder: DataFolder, wall: Int64, then: () throws(CLIError) -> Void
  ) throws(CLIError) -> String? {
    try folder.create()
    let lock = try FileLock(path: folder.lock)
    defer { withExtendedLifetime(lock) {} }
    var kept: String?
    if FileManager.default.fileExists(atPath: folder.database) {
      let name = folder.path + "/cli-replica-kept-\(wall).sqlite"
      for suffix in ["", "-wal", "-shm"]
      where FileManager.default.fileExists(atPath: folder.database + suffix) {
        guard rename(folder.database + suffix, name + suffix) == 0 else {
          throw CLIError(
            "Could not move \(folder.database) aside: \(String(cString: strerror(errno)))",
            code: "data_folder", exit: .failure)
        }
      }
      kept = name
    }
    try? FileManager.default.removeItem(atPath: folder.snapshot)
    try? FileManager.default.removeItem(atPath: folder.listing)
    try then()
    return kept
  }

  /// A device id for a new replica: `cli-` and 12 random hex digits.
  static func newDevice() -> String {
    "cli-" + String(UInt64.random(in: 0..<(1 << 48)), radix: 16)
  }
}
