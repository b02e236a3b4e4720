import Foundation

/// Everything `habit serve` can be told: where to listen, where data lives, and the limits that
/// keep one client from hurting the others.
public struct ServerConfiguration: Sendable {
  public var host = "127.0.0.1"
  public var port = 8080
  /// Holds `habitflow.sqlite` when no database URL is given.
  public var dataDirectory: String
  /// `postgres://…` to use PostgreSQL instead of the SQLite file.
  public var databaseURL: String?
  /// The web app's static files (`Web/`); nil serves none.
  public var webDirectory: String?
  /// bcrypt work factor (each step doubles the cost of a guess).
  public var passwordCost = 12
  /// How long a browser or CLI session lasts without logging in again.
  public var sessionLifetime: Int64 = 30 * 24 * 60 * 60 * 1000
  /// Mark cookies Secure (set when served over HTTPS).
  public var secureCookies = false
  /// Request bodies: REST calls, sync calls, and backup restores.
  public var maximumBodyBytes = 64 * 1024
  public var maximumSyncBytes = 4 * 1024 * 1024
  public var maximumRestoreBytes = 64 * 1024 * 1024
  /// Changes one sync call may carry, and rows one sync page returns.
  public var maximumSyncChanges = 5_000
  public var syncPageSize = 1_000
  /// Failed logins allowed per account, and attempts per address, in `loginWindow`.
  public var loginFailuresPerAccount = 5
  public var loginAttemptsPerAddress = 30
  public var loginWindow: Int64 = 15 * 60 * 1000
  /// Accounts whose state stays cached in memory.
  public var cachedAccounts = 1_000

  public init(dataDirectory: String = ServerConfiguration.defaultDataDirectory) {
    self.dataDirectory = dataDirectory
  }

  /// `$XDG_DATA_HOME/habitflow`, else `~/.local/share/habitflow`.
  public static var defaultDataDirectory: String {
    let environment = ProcessInfo.processInfo.environment
    if let base = environment["XDG_DATA_HOME"], !base.isEmpty { return base + "/habitflow" }
    return NSHomeDirectory() + "/.local/share/habitflow"
  }

  /// The database to open: the URL if given, else the SQLite file in the data directory.
  public var databaseLocation: String {
    databaseURL ?? dataDirectory + "/habitflow.sqlite"
  }

  public var url: String { "http://\(host):\(port)" }
}
