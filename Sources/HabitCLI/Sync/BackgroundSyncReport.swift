import Foundation
import HabitSync

/// What the last background syncs could not do, kept in the data folder until a command run in
/// the foreground says it: a refused change or a failed sync is never swallowed (its output goes
/// nowhere). Refusals pile up until told (the outbox no longer holds those changes); a failure
/// is replaced by the next sync's outcome (its changes are still in the outbox).
enum BackgroundSyncReport {
  /// Records a background sync's outcome: `failure` when it failed, the changes it had refused.
  static func record(failure: CLIError?, refused: [Refusal], in folder: DataFolder) {
    let path = folder.syncReport
    guard let lock = try? FileLock(path: folder.lock) else { return }
    defer { withExtendedLifetime(lock) {} }
    var earlier: [String] = []
    if case .success(let object)? = PrivateFile.read(path), let lines = object["refused"] {
      earlier = lines.split(separator: "\n").map(String.init)
    }
    let lines = earlier + refused.map { oneLine(SyncRun.sentence($0)) }
    var object: [String: String] = [:]
    if let failure {
      object["failure"] = oneLine(
        "The last background sync failed: \(failure.message) `habit sync` tries again and "
          + "says how it went.")
    }
    if !lines.isEmpty { object["refused"] = lines.joined(separator: "\n") }
    if object.isEmpty {
      try? FileManager.default.removeItem(atPath: path)
    } else {
      // Standard error is closed here, so a report that cannot be written has nowhere to go.
      try? PrivateFile.write(object, to: path)
    }
  }

  /// Says on standard error what the background syncs recorded, then forgets it.
  static func tell(_ context: CLIContext) {
    let path = context.folder.syncReport
    guard FileManager.default.fileExists(atPath: path),
      let lock = try? FileLock(path: context.folder.lock)
    else { return }
    defer { withExtendedLifetime(lock) {} }
    switch PrivateFile.read(path) {
    case .success(let object)?:
      for line in (object["refused"] ?? "").split(separator: "\n") {
        context.console.printError("habit: a background sync: " + line)
      }
      if let failure = object["failure"] { context.console.printError("habit: " + failure) }
    case .failure(let error)?:
      context.console.printError("habit: " + error.message)
    case nil:
      return
    }
    try? FileManager.default.removeItem(atPath: path)
  }

  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}
