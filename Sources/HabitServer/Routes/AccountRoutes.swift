import Foundation
import HabitStore
import HabitSync
import Hummingbird

/// Register, sign in and out, password changes, account deletion, personal API tokens.
struct AccountRoutes {
  let services: HabitServices

  func addPublic(to router: RouterGroup<HabitRequestContext>) {
    router.post("accounts", use: register)
    router.post("sessions", use: login)
  }

  func addProtected(to router: RouterGroup<HabitRequestContext>) {
    router.get("account", use: whoami)
    router.put("account/password", use: changePassword)
    router.delete("account", use: deleteAccount)
    router.delete("sessions/current", use: logout)
    router.delete("sessions", use: logoutEverywhere)
    router.get("tokens", use: listTokens)
    router.post("tokens", use: createToken)
    router.delete("tokens/:id", use: revokeToken)
    router.get("devices", use: listDevices)
  }

  // MARK: Public

  private func credentials(_ request: Request) async throws -> (email: String, password: String) {
    var reader: JSONObjectReader
    let email: String
    let password: String
    do {
      reader = try JSONObjectReader(try await request.json(limit: 8 * 1024), path: "body")
      email = try reader.string("email").trimmingCharacters(in: .whitespacesAndNewlines)
        .lowercased()
      password = try reader.string("password")
      try reader.finish()
    } catch let error as WireError {
      throw APIError.badRequest(error)
    }
    return (email, password)
  }

  private static func validateEmail(_ email: String) throws {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
      !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
    else {
      throw APIError.invalid("invalid_email", "Enter an email address such as name@example.com.")
    }
  }

  private static func validatePassword(_ password: String) throws {
    guard password.count >= Secrets.minimumPasswordLength else {
      throw APIError.invalid(
        "password_too_short",
        "Choose a password of at least \(Secrets.minimumPasswordLength) characters.")
    }
    guard password.count <= Secrets.maximumPasswordLength else {
      throw APIError.invalid(
        "password_too_long",
        "A password can be at most \(Secrets.maximumPasswordLength) characters.")
    }
  }

  @Sendable func register(_ request: Request, context: HabitRequestContext) async throws -> Response
  {
    let now = services.clock.now()
    let origin = ClientOrigin(request, context: context, configuration: services.configuration)
    let addressKey = "register:" + origin.limitKey
    if let wait = await services.limiter.acquire(
      addressKey, limit: services.configuration.loginAttemptsPerAddress,
      window: services.configuration.loginWindow, now: now)
    {
      throw Self.tooMany(wait)
    }
    let (email, password) = try await credentials(request)
    try Self.validateEmail(email)
    try Self.validatePassword(password)
    let account = AccountRecord(
      id: Secrets.newID(), email: email,
      passwordHash: try await services.secrets.hashPassword(password),
      createdAt: now)
    do {
      try await services.store.createAccount(account)
    } catch StoreError.emailTaken {
      throw APIError(
        status: .conflict, code: "email_taken",
        message: "An account with this email already exists. Sign in instead, or use another email."
      )
    }
    return try await startSession(account, origin: origin, status: .created)
  }

  /// Only failures count: a slot is taken per address (loose) and per account and address
  /// (strict) before the password is checked, and given back when it is right. Keying the strict
  /// limit by address too means a stranger's guesses block the stranger, not the owner.
  @Sendable func login(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let now = services.clock.now()
    let configuration = services.configuration
    let origin = ClientOrigin(request, context: context, configuration: configuration)
    let (email, password) = try await credentials(request)
    let addressKey = "login:" + origin.limitKey
    if let wait = await services.limiter.acquire(
      addressKey, limit: configuration.loginAttemptsPerAddress, window: configuration.loginWindow,
      now: now)
    {
      throw Self.tooMany(wait)
    }
    let accountKey = "login:" + email + " from " + origin.limitKey
    if let wait = await services.limiter.acquire(
      accountKey, limit: configuration.loginFailuresPerAccount, window: configuration.loginWindow,
      now: now)
    {
      await services.limiter.release(addressKey, takenAt: now)
      throw Self.tooMany(wait)
    }
    guard let account = try await verifiedAccount(email: email, password: password) else {
      throw APIError(
        status: .unauthorized, code: "wrong_credentials",
        message: "That email and password do not match.")
    }
    await services.limiter.release(addressKey, takenAt: now)
    await services.limiter.reset(accountKey)
    return try await startSession(account, origin: origin, status: .ok)
  }

  /// The account if the password is right. Without an account the password is still checked
  /// against a stand-in hash, so the answer takes as long and does not tell who has an account.
  private func verifiedAccount(email: String, password: String) async throws -> AccountRecord? {
    guard let account = try await services.store.account(email: email) else {
      try await services.secrets.verifyAgainstNoAccount(password)
      return nil
    }
    let right = try await services.secrets.verifyPassword(password, hash: account.passwordHash)
    return right ? account : nil
  }

  /// 429 with `Retry-After`: the answer to every rate limit.
  static func tooMany(_ seconds: Int) -> APIError {
    APIError(
      status: .tooManyRequests, code: "too_many_attempts",
      message: "Too many attempts. Wait \(seconds) seconds and try again.",
      headers: [.retryAfter: String(seconds)])
  }

  /// A new session: the token in the body (for the command line) and in an HttpOnly cookie with
  /// a readable CSRF cookie beside it (for the browser).
  private func startSession(
    _ account: AccountRecord, origin: ClientOrigin, status: HTTPResponse.Status
  ) async throws -> Response {
    let token = Secrets.newToken()
    let now = services.clock.now()
    let expires = now + services.configuration.sessionLifetime
    try await services.store.createSession(
      SessionRecord(
        tokenHash: Secrets.tokenHash(token), accountID: account.id, kind: .session, name: "session",
        createdAt: now, expiresAt: expires))
    var response = JSONResponse.make(
      .object([
        ("account", Self.json(account)), ("token", .string(token)),
        ("csrfToken", .string(Secrets.csrfToken(forSession: token))),
      ]),
      status: status)
    SessionCookies.set(
      on: &response, token: token, maxAge: Int(services.configuration.sessionLifetime / 1000),
      secure: origin.isSecure(services.configuration.secureCookies))
    return response
  }

  private func endSession(
    _ response: Response, request: Request, context: HabitRequestContext
  ) -> Response {
    var response = response
    SessionCookies.clear(
      on: &response,
      secure: ClientOrigin.isSecure(
        request, context: context, configuration: services.configuration))
    return response
  }

  static func json(_ account: AccountRecord) -> JSON {
    .object([
      ("id", .string(account.id)), ("email", .string(account.email)),
      ("createdAt", .integer(account.createdAt)),
    ])
  }

  // MARK: Signed in

  private func account(_ context: HabitRequestContext) async throws -> AccountRecord {
    guard
      let account = try await services.store.account(id: try context.requireIdentity().accountID)
    else {
      throw APIError.unauthenticated
    }
    return account
  }

  @Sendable func whoami(_ request: Request, context: HabitRequestContext) async throws -> Response {
    JSONResponse.make(.object([("account", Self.json(try await account(context)))]))
  }

  /// Wrong passwords count per account as failed logins do, with a slot taken before the slow
  /// check: a stolen session must not be able to guess the password that would give it the
  /// account for good.
  private func checkPassword(_ password: String, of account: AccountRecord) async throws {
    let now = services.clock.now()
    let key = "password:" + account.id
    if let wait = await services.limiter.acquire(
      key, limit: services.configuration.loginFailuresPerAccount,
      window: services.configuration.loginWindow, now: now)
    {
      throw Self.tooMany(wait)
    }
    guard try await services.secrets.verifyPassword(password, hash: account.passwordHash) else {
      throw APIError(
        status: .forbidden, code: "wrong_password", message: "The current password is not right.")
    }
    await services.limiter.reset(key)
  }

  /// 204 when nothing else changed; 200 saying so when the calendar feed got a new link.
  private func endedEverywhere(
    account: String, request: Request, context: HabitRequestContext
  ) async throws -> Response {
    guard
      let replaced = try await CalendarRoutes(services: services).replaceExisting(
        account: account, request: request, context: context)
    else { return JSONResponse.empty() }
    return JSONResponse.make(.object(replaced))
  }

  @Sendable func changePassword(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let identity = try context.requireIdentity()
    let current: String
    let new: String
    do {
      var reader = try JSONObjectReader(try await request.json(limit: 8 * 1024), path: "body")
      current = try reader.string("currentPassword")
      new = try reader.string("newPassword")
      try reader.finish()
    } catch let error as WireError {
      throw APIError.badRequest(error)
    }
    let account = try await account(context)
    try await checkPassword(current, of: account)
    try Self.validatePassword(new)
    // Every other session and personal token ends, and the calendar feed gets a new link; the
    // session asking stays signed in.
    try await services.store.setPasswordHash(
      try await services.secrets.hashPassword(new), account: account.id,
      keeping: identity.tokenHash)
    services.sessions.forgetAll()
    return try await endedEverywhere(
      account: identity.accountID, request: request, context: context)
  }

  @Sendable func deleteAccount(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let password: String
    do {
      var reader = try JSONObjectReader(try await request.json(limit: 8 * 1024), path: "body")
      password = try reader.string("password")
      try reader.finish()
    } catch let error as WireError {
      throw APIError.badRequest(error)
    }
    let account = try await account(context)
    try await checkPassword(password, of: account)
    try await services.store.deleteAccount(account.id)
    services.sessions.forgetAll()
    services.workspaces.drop(account.id)
    return endSession(JSONResponse.empty(), request: request, context: context)
  }

  @Sendable func logout(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let identity = try context.requireIdentity()
    guard !identity.isAPIToken else {
      throw APIError.invalid(
        "api_token", "This is a personal API token, not a session. Revoke it under tokens instead.")
    }
    try await services.store.deleteSession(
      tokenHash: identity.tokenHash, account: identity.accountID)
    services.sessions.forgetAll()
    return endSession(JSONResponse.empty(), request: request, context: context)
  }

  /// Ends every other session and every personal token (a stolen one included) and replaces the
  /// calendar feed's link; the session asking stays signed in. Asked with a personal token, that token ends too: a stolen token
  /// must not be able to sign its owner out everywhere and survive.
  @Sendable func logoutEverywhere(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let identity = try context.requireIdentity()
    if identity.isAPIToken {
      try await services.store.deleteSessions(account: identity.accountID, kind: nil)
    } else {
      try await services.store.deleteSessions(
        account: identity.accountID, keeping: identity.tokenHash)
    }
    services.sessions.forgetAll()
    return try await endedEverywhere(
      account: identity.accountID, request: request, context: context)
  }

  // MARK: Tokens

  /// A token's public id: the start of its hash (the secret itself is never stored).
  private static func tokenID(_ session: SessionRecord) -> String {
    String(session.tokenHash.prefix(16))
  }

  private static func json(_ session: SessionRecord) -> JSON {
    .object([
      ("id", .string(tokenID(session))), ("name", .string(session.name)),
      ("createdAt", .integer(session.createdAt)),
      ("lastUsedAt", session.lastUsedAt.map { .integer($0) } ?? .null),
    ])
  }

  @Sendable func listTokens(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let tokens = try await services.store.sessions(
      account: try context.requireIdentity().accountID, kind: .apiToken)
    return JSONResponse.make(.object([("tokens", .array(tokens.map(Self.json)))]))
  }

  @Sendable func createToken(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let identity = try context.requireIdentity()
    let name: String
    do {
      var reader = try JSONObjectReader(try await request.json(limit: 8 * 1024), path: "body")
      name = try reader.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
      try reader.finish()
    } catch let error as WireError {
      throw APIError.badRequest(error)
    }
    guard !name.isEmpty, name.count <= 60 else {
      throw APIError.invalid("invalid_name", "Give the token a name of 1 to 60 characters.")
    }
    let existing = try await services.store.sessions(account: identity.accountID, kind: .apiToken)
    guard existing.count < 50 else {
      throw APIError.invalid(
        "too_many_tokens", "You have 50 tokens. Revoke one before creating another.")
    }
    let token = Secrets.newToken()
    let record = SessionRecord(
      tokenHash: Secrets.tokenHash(token), accountID: identity.accountID, kind: .apiToken,
      name: name,
      createdAt: services.clock.now(), expiresAt: nil)
    try await services.store.createSession(record)
    guard case .object(var members) = Self.json(record) else { throw APIError.notFound }
    members.append(("token", .string(token)))
    return JSONResponse.make(.object(members), status: .created)
  }

  @Sendable func revokeToken(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let identity = try context.requireIdentity()
    let id = try context.parameters.require("id")
    let tokens = try await services.store.sessions(account: identity.accountID, kind: .apiToken)
    guard let token = tokens.first(where: { Self.tokenID($0) == id }) else {
      throw APIError(
        status: .notFound, code: "token_not_found", message: "That token does not exist.")
    }
    try await services.store.deleteSession(
      tokenHash: token.tokenHash, account: identity.accountID, because: .tokenRevoked)
    services.sessions.forgetAll()
    return JSONResponse.empty()
  }

  @Sendable func listDevices(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let devices = try await services.store.devices(account: try context.requireIdentity().accountID)
    return JSONResponse.make(
      .object([
        (
          "devices",
          .array(
            devices.map {
              .object([("id", .string($0.device)), ("lastSeenAt", .integer($0.lastSeenAt))])
            })
        )
      ]))
  }
}
