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
  /// When cookies are marked Secure and `Strict-Transport-Security` is sent.
  public var secureCookies = SecureCookies.automatic
  /// Addresses (or CIDR ranges) of reverse proxies whose `X-Forwarded-For` and
  /// `X-Forwarded-Proto` are believed; from anyone else those headers are ignored. The server
  /// refuses to start when one is neither (`TrustedProxy`).
  public var trustedProxies: [String] = [] {
    didSet { trustedNetworks = trustedProxies.compactMap(TrustedProxy.init) }
  }
  /// `trustedProxies` parsed once, for every request to match against.
  private(set) var trustedNetworks: [TrustedProxy] = []
  /// Request bodies: REST calls, sync calls, and backup restores.
  public var maximumBodyBytes = 64 * 1024
  public var maximumSyncBytes = 4 * 1024 * 1024
  public var maximumRestoreBytes = 64 * 1024 * 1024
  /// Changes one sync call may carry, and rows one sync page returns.
  public var maximumSyncChanges = 5_000
  public var syncPageSize = 1_000
  /// Failed logins allowed for one account from one address, and failed logins (and sign-ups)
  /// from one address, in `loginWindow`.
  public var loginFailuresPerAccount = 5
  public var loginAttemptsPerAddress = 30
  public var loginWindow: Int64 = 15 * 60 * 1000
  /// Accounts whose state stays cached in memory: the setting that bounds the server's memory
  /// (about the size of the accounts' rows each; see docs/running.md). `HABITFLOW_CACHED_ACCOUNTS`
  /// sets it from the environment.
  public var cachedAccounts =
    ProcessInfo.processInfo.environment["HABITFLOW_CACHED_ACCOUNTS"].flatMap(Int.init).map {
      max(1, $0)
    } ?? 1_000
  /// The bearer token `/metrics` requires; nil serves it only to this machine, unproxied.
  /// `HABITFLOW_METRICS_TOKEN` sets it from the environment.
  public var metricsToken = ProcessInfo.processInfo.environment["HABITFLOW_METRICS_TOKEN"].flatMap {
    $0.isEmpty ? nil : $0
  }

  /// Seconds between the reminder scheduler's looks at what is due.
  public var reminderInterval = 20
  /// The contact push services see in VAPID signatures (`mailto:` or `https:`).
  public var pushContact = "mailto:habitflow@example.com"
  /// Lets push subscriptions name a plain-HTTP endpoint on this machine: only for tests that run
  /// a push service stand-in on loopback.
  public var pushAllowsLoopbackHTTP = false

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

  /// `host:port` as a refusal to listen names it (`[::1]:8080` for IPv6).
  public var listeningAddress: String {
    (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
  }

  /// Where the data lives, safe to print: a database URL's password is shown as `***`.
  public var databaseDescription: String {
    guard let url = databaseURL else { return databaseLocation }
    return "PostgreSQL at " + Self.redactingPassword(url)
  }

  /// `postgres://user:secret@host/db` becomes `postgres://user:***@host/db`. Everything between
  /// the user's colon and the last `@` goes, so a password holding `/` or `@` is hidden too.
  public static func redactingPassword(_ url: String) -> String {
    guard let scheme = url.range(of: "://") else { return url }
    let rest = url[scheme.upperBound...]
    guard let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else {
      return url
    }
    return String(url[...colon]) + "***" + String(url[at...])
  }

  /// Whether session cookies carry `Secure` (and responses `Strict-Transport-Security`).
  public enum SecureCookies: String, Sendable, CaseIterable {
    /// Only when the request reached a trusted proxy over HTTPS (`X-Forwarded-Proto: https`).
    case automatic = "auto"
    /// Always: the server is only reached over HTTPS.
    case always
    /// Never: plain HTTP, for local use.
    case never
  }
}
