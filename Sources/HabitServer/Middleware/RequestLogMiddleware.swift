import Hummingbird
import Logging

/// Logs each request's method and path with the secrets in it hidden: a calendar feed's link and
/// a notification's action URL are the only key their holder needs, so they never reach a log.
/// Headers (cookies, `Authorization`) and query strings are not logged at all.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
  let level: Logger.Level

  /// Paths whose last segment is a secret.
  static var secretPrefixes: [String] { ["/calendar/", "/api/v1/push/actions/"] }

  /// The path as logged: a secret segment, or any segment as long and random-looking as a
  /// token, becomes `***`.
  static func redacted(_ path: String) -> String {
    if let prefix = secretPrefixes.first(where: { path.hasPrefix($0) }) {
      return prefix + "***"
    }
    return path.split(separator: "/", omittingEmptySubsequences: false)
      .map { looksLikeToken($0) ? "***" : String($0) }
      .joined(separator: "/")
  }

  /// 32 random bytes in base64url are 43 characters; ids are 32 hex digits at most.
  private static func looksLikeToken(_ segment: Substring) -> Bool {
    segment.utf8.count >= 40
      && segment.utf8.allSatisfy {
        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
          || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
          || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
          || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
      }
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    context.logger.log(
      level: level, "Request",
      metadata: [
        "hb.request.path": .string(Self.redacted(request.uri.path)),
        "hb.request.method": .string(request.method.rawValue),
      ])
    return try await next(request, context)
  }
}
