import HTTPTypes
import HabitStore
import Hummingbird

/// Signs requests in from an `Authorization: Bearer` token or the session cookie. A cookie-borne
/// request that changes state must also send the session's CSRF token in `X-CSRF-Token`: it is
/// derived from the session's secret, so a page on another site can neither read nor forge it.
struct AuthenticationMiddleware: RouterMiddleware {
  typealias Context = HabitRequestContext

  static let sessionCookie = "habitflow_session"
  static let csrfCookie = "habitflow_csrf"
  static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

  let store: HabitStore
  let clock: WallClock
  let cache: SessionCache
  let configuration: ServerConfiguration

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
    let lookup = try await cache.session(
      hash, now: now,
      load: {
        // Loaded at most every few seconds per token, so noting when a personal token was
        // last used costs no write per request.
        guard let record = try await store.session(tokenHash: hash) else {
          return .ended(try await store.endedSession(tokenHash: hash))
        }
        if record.kind == .apiToken, (record.lastUsedAt ?? 0) < now - 60_000 {
          try await store.touchSession(tokenHash: hash, at: now)
        }
        return .active(record)
      })
    guard case .active(let session) = lookup else {
      if case .ended(let reason?) = lookup { throw APIError.sessionEnded(reason) }
      throw APIError.unauthenticated
    }
    if let expires = session.expiresAt, expires <= clock.now() {
      try await store.deleteSession(tokenHash: hash, account: session.accountID)
      cache.forgetAll()
      throw APIError(
        status: .unauthorized, code: "session_expired",
        message: "Your session has ended. Sign in again.")
    }
    let viaCookie = bearer == nil
    let csrf = viaCookie ? Secrets.csrfToken(forSession: token) : nil
    if let csrf, ![.get, .head, .options].contains(request.method) {
      let presented = request.headers[Self.csrfHeader] ?? ""
      guard Secrets.constantTimeEqual(presented, csrf) else { throw APIError.csrf }
    }
    context.identity = Identity(
      accountID: session.accountID, tokenHash: hash, viaCookie: viaCookie,
      isAPIToken: session.kind == .apiToken)
    var response = try await next(request, context)
    // A session begun before CSRF tokens were bound to sessions gets its own on its next call.
    if let csrf, request.cookies[Self.csrfCookie]?.value != csrf,
      !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(Self.csrfCookie + "=") })
    {
      SessionCookies.setCSRF(
        on: &response, value: csrf,
        maxAge: Int(max(0, (session.expiresAt ?? now) - now) / 1000),
        secure: ClientOrigin.isSecure(request, context: context, configuration: configuration))
    }
    return response
  }
}
