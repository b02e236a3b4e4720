import Foundation
import HabitStore
import HabitSync
import Hummingbird
import NIOCore

/// The account's private calendar feed: made (replacing and revoking the old one), revoked, asked
/// about; and the feed itself at `/calendar/<secret>.ics`, which needs no session (calendar apps
/// cannot sign in) and answers 404 once revoked.
struct CalendarRoutes {
  let services: HabitServices

  func addProtected(to router: RouterGroup<HabitRequestContext>) {
    router.get("calendar", use: status)
    router.post("calendar", use: create)
    router.delete("calendar", use: revoke)
  }

  func addFeed(to router: Router<HabitRequestContext>) {
    router.get("calendar/:file", use: feed)
  }

  @Sendable func status(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let account = try context.requireIdentity().accountID
    let created = try await services.store.calendarFeedCreatedAt(account: account)
    return JSONResponse.make(
      .object([
        ("exists", .bool(created != nil)), ("createdAt", created.map { .integer($0) } ?? .null),
      ]))
  }

  @Sendable func create(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let account = try context.requireIdentity().accountID
    let secret = Secrets.newToken()
    let now = services.clock.now()
    try await services.store.replaceCalendarFeed(
      account: account, secretHash: Secrets.tokenHash(secret), at: now)
    return JSONResponse.make(
      link(secret: secret, createdAt: now, request: request, context: context), status: .created)
  }

  /// Gives an existing feed a new secret, so the old link stops working: the answer's members
  /// for signing out everywhere and changing the password (`calendarFeedReplaced`, and the new
  /// `calendarFeed`), or nil when the account has no feed.
  func replaceExisting(account: String, request: Request, context: HabitRequestContext)
    async throws -> [(String, JSON)]?
  {
    let secret = Secrets.newToken()
    let now = services.clock.now()
    guard
      try await services.store.replaceExistingCalendarFeed(
        account: account, secretHash: Secrets.tokenHash(secret), at: now)
    else { return nil }
    return [
      ("calendarFeedReplaced", .bool(true)),
      ("calendarFeed", link(secret: secret, createdAt: now, request: request, context: context)),
    ]
  }

  /// The feed's addresses: its path, its URL on this host and the same as `webcal://`.
  private func link(
    secret: String, createdAt: Int64, request: Request, context: HabitRequestContext
  ) -> JSON {
    let path = "/calendar/\(secret).ics"
    let secure = ClientOrigin.isSecure(
      request, context: context, configuration: services.configuration)
    let host = request.head.authority ?? services.configuration.host
    let url = (secure ? "https://" : "http://") + host + path
    return .object([
      ("path", .string(path)), ("url", .string(url)),
      ("webcal", .string("webcal://" + host + path)), ("createdAt", .integer(createdAt)),
    ])
  }

  @Sendable func revoke(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let account = try context.requireIdentity().accountID
    try await services.store.deleteCalendarFeed(account: account)
    return JSONResponse.empty()
  }

  @Sendable func feed(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let file = try context.parameters.require("file")
    guard file.hasSuffix(".ics"), file.utf8.count <= 132,
      let account = try await services.store.calendarFeedAccount(
        secretHash: Secrets.tokenHash(String(file.dropLast(4))))
    else { throw APIError.notFound }
    let now = services.clock.now()
    let text = try await services.workspaces.workspace(account).read { tracker, _ in
      CalendarFeed.document(tracker, now: now)
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: "text/calendar; charset=utf-8", .cacheControl: "private, no-store",
        .contentDisposition: "inline; filename=\"habitflow.ics\"",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
