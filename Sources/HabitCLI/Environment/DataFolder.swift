import Foundation

/// Where this replica lives: its SQLite file, the snapshot reads come from, the last listing's
/// numbers and the stored sign-in. One folder per replica, so `--data-dir` gives a separate one.
public struct DataFolder: Hashable, Sendable {
  public let path: String
  /// The device id a new replica here takes; nil for a random one. A simulation names its
  /// devices, so a run replays exactly from its seed (ties between equal stamps go by device).
  public let device: String?

  public init(path: String, device: String? = nil) {
    self.path = path
    self.device = device
  }

  /// `--data-dir`, else `HABITFLOW_CLI_DATA_DIR`, else `$XDG_DATA_HOME/habitflow`, else
  /// `~/.local/share/habitflow` (the server's default folder; its database has another name).
  public static func resolve(flag: String?, environment: [String: String]) -> DataFolder {
    if let flag, !flag.isEmpty { return DataFolder(path: flag) }
    if let path = environment["HABITFLOW_CLI_DATA_DIR"], !path.isEmpty {
      return DataFolder(path: path)
    }
    if let base = environment["XDG_DATA_HOME"], base.hasPrefix("/") {
      return DataFolder(path: base + "/habitflow")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return DataFolder(path: home + "/.local/share/habitflow")
  }

  public var database: String { path + "/cli-replica.sqlite" }
  public var snapshot: String { path + "/cli-snapshot.bin" }
  public var listing: String { path + "/cli-listing" }
  public var account: String { path + "/cli-account.json" }
  public var lock: String { path + "/cli.lock" }
  /// What background syncs failed to do, until a command says it.
  public var syncReport: String { path + "/cli-sync-report.json" }
  /// The account this replica's data belongs to; it outlives `habit logout`.
  public var owner: String { path + "/cli-owner.json" }
  /// Why the server signed this folder out, until the next sign-in.
  public var signedOut: String { path + "/cli-signed-out.json" }

  /// Creates the folder (private to its owner) when it does not exist yet.
  func create() throws(CLIError) {
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw CLIError(
        "Could not create the data folder \(path): \(error.localizedDescription)",
        code: "data_folder", exit: .failure)
    }
  }
}
