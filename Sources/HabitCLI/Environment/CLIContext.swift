import Foundation
public import HabitCore

/// Everything a command takes from outside: the data folder, the clock, the console and how to
/// start a background sync. The `habit` executable passes live ones; tests pass their own.
public struct CLIContext: Sendable {
  public let folder: DataFolder
  public let console: Console
  public let today: Day
  /// Wall-clock milliseconds since 1970, for the sync clock.
  public let wall: @Sendable () -> Int64
  /// Starts `habit sync` in the background after a change (never waited for).
  public let startBackgroundSync: @Sendable (DataFolder) -> Void
  public let environment: [String: String]

  public init(
    folder: DataFolder, console: Console, today: Day,
    wall: @escaping @Sendable () -> Int64 = { CLIContext.wallNow() },
    startBackgroundSync: @escaping @Sendable (DataFolder) -> Void = { _ in },
    environment: [String: String] = [:]
  ) {
    self.folder = folder
    self.console = console
    self.today = today
    self.wall = wall
    self.startBackgroundSync = startBackgroundSync
    self.environment = environment
  }

  /// The live context for `--data-dir`: this machine's local day and clock, the process's
  /// streams, and background sync through this same executable.
  public static func live(dataDirectory: String?) -> CLIContext {
    let environment = ProcessInfo.processInfo.environment
    return CLIContext(
      folder: DataFolder.resolve(flag: dataDirectory, environment: environment),
      console: Console.standard(environment: environment), today: localToday(),
      startBackgroundSync: BackgroundSync.start, environment: environment)
  }

  public static func wallNow() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1000).rounded())
  }

  /// Today in this machine's time zone.
  public static func localToday() -> Day {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return Day(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
      ?? Day(daysSince1970: Int(now / 86_400))
  }
}
