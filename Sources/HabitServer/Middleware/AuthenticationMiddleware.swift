import HTTPTypes
import HabitStore
import Hummingbird

/// Signs requests in from an `Authorization: Bearer` token or the session cookie. A cookie-borne
/// request that changes state must also echo the CSRF cookie in `X-CSRF-Token`, which a page on
/// another site cannot read.
struct AuthenticationMiddleware: RouterMiddleware {
  typealias Context = HabitRequestContext

  static let sessionCookie = "habitflow_session"
  static let csrfCookie = "habitflow_csrf"
  static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

  let store: HabitStore
  let clock: WallClock
  let cache: SessionCache

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  )
    async throws -> Response
  {
    var context = context
    let bearer = request.headers[.authorization].flatMap { header -> String? in
      let parts = header.split(separator: " ", maxSplits: 1)
      return parts.count == 2 && parts[0].lowercased() == "bearer" ? String(parts[1]) : nil
    }
    let token = bearer ?? request.cookies[Self.sessionCookie]?.value
    guard let token, !token.isEmpty, token.utf8.count <= 200 else { throw APIError.unauthenticated }
    let hash = Secrets.tokenHash(token)
    let store = self.store
    let now = clock.now()
    guard
      let session = try await cache.session(
        hash, now: now,
        load: {
          // Loaded at most every few seconds per token, so noting when a personal token was
          // last used costs no write per request.
          let record = try await store.session(tokenHash: hash)
          if let record, record.kind == .apiToken, (record.lastUsedAt ?? 0) < now - 60_000 {
            try await store.touchSession(tokenHash: hash, at: now)
          }
          return record
        })
    else { throw APIError.unauthenticated }
    if let expires = session.expiresAt, expires <= clock.now() {
      try await store.deleteSession(tokenHash: hash, account: session.accountID)
      cache.forgetAll()
      throw APIError(
        status: .unauthorized, code: "session_expired",
        message: "Your session has ended. Sign in again.")
    }
    let viaCookie = bearer == nil
    if viaCookie && ![.get, .head, .options].contains(request.method) {
      let expected = request.cookies[Self.csrfCookie]?.value ?? ""
      let presented = request.headers[Self.csrfHeader] ?? ""
      guard !expected.isEmpty, presented == expected else { throw APIError.csrf }
    }
    context.identity = Identity(
      accountID: session.accountID, tokenHash: hash, viaCookie: viaCookie,
      isAPIToken: session.kind == .apiToken)
    return try await next(request, context)
  }
}
