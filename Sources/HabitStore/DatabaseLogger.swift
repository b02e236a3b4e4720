public import Logging

extension Logger {
  /// The logger the database libraries get: never below `info`, because at `debug` SQLKit logs
  /// every statement's bound values (password hashes, token hashes, the VAPID private key, push
  /// subscriptions' keys) and at `trace` PostgresNIO logs every row it receives.
  public var forDatabase: Logger {
    var logger = self
    if logger.logLevel < .info { logger.logLevel = .info }
    return logger
  }
}
