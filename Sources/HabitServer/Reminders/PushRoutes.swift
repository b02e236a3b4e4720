import Foundation
import HabitCore
import HabitStore
import HabitSync
import Hummingbird

/// Web Push for the signed-in account: the server's public key, this account's devices, a test
/// message; and the one-time action URLs notifications carry ("Done", "Later"), which need no
/// session.
struct PushRoutes {
  let services: HabitServices
  let delivery: PushDelivery

  /// The most devices one account may register.
  static let maximumDevices = 20
  /// Test messages one account may ask for in `testWindow` ms: each one is a request to every
  /// device's push service.
  static let testsPerWindow = 5
  static let testWindow: Int64 = 10 * 60 * 1000

  func addPublic(to router: RouterGroup<HabitRequestContext>) {
    router.post("push/actions/:secret", use: act)
  }

  func addProtected(to router: RouterGroup<HabitRequestContext>) {
    router.get("push/key", use: key)
    router.get("push/subscriptions", use: list)
    router.post("push/subscriptions", use: subscribe)
    router.delete("push/subscriptions/:id", use: unsubscribe)
    router.post("push/test", use: test)
  }

  @Sendable func key(_ request: Request, context: HabitRequestContext) async throws -> Response {
    _ = try context.requireIdentity()
    let key = try await delivery.vapid().publicKey
    return JSONResponse.make(.object([("publicKey", .string(key))]))
  }

  private static func json(_ subscription: PushSubscriptionRecord) -> JSON {
    .object([
      ("id", .string(subscription.id)),
      ("endpoint", .string(subscription.endpoint)),
      ("name", .string(subscription.name)),
      ("timeZone", .string(subscription.timeZone)),
      ("createdAt", .integer(subscription.createdAt)),
    ])
  }

  @Sendable func list(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let account = try context.requireIdentity().accountID
    let subscriptions = try await services.store.pushSubscriptions(account: account)
    return JSONResponse.make(.object([("subscriptions", .array(subscriptions.map(Self.json)))]))
  }

  @Sendable func subscribe(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let account = try context.requireIdentity().accountID
    let input = try PushSubscriptionInput(
      try await request.json(limit: 8 * 1024),
      allowsLoopbackHTTP: services.configuration.pushAllowsLoopbackHTTP)
    let existing = try await services.store.pushSubscriptions(account: account)
    guard
      existing.count < Self.maximumDevices
        || existing.contains(where: { $0.endpoint == input.endpoint })
    else {
      throw APIError.invalid(
        "too_many_devices",
        "An account can have at most \(Self.maximumDevices) devices; remove one first.")
    }
    // Looked up only once the account has room: a lookup is the costly part.
    try await PushSubscriptionInput.checkAddresses(
      input.endpoint, allowsLoopbackHTTP: services.configuration.pushAllowsLoopbackHTTP)
    let record = PushSubscriptionRecord(
      id: Secrets.newID(bytes: 8), accountID: account, endpoint: input.endpoint,
      p256dh: input.p256dh, auth: input.auth, name: input.name, timeZone: input.timeZone,
      createdAt: services.clock.now())
    guard try await services.store.savePushSubscription(record) else {
      throw APIError(
        status: .conflict, code: "endpoint_in_use",
        message: "This browser already receives another account's notifications on this server.")
    }
    return JSONResponse.make(.object([("subscription", Self.json(record))]), status: .created)
  }

  @Sendable func unsubscribe(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let account = try context.requireIdentity().accountID
    let id = try context.parameters.require("id")
    guard id.utf8.count <= 64,
      try await services.store.deletePushSubscription(id: id, account: account)
    else { throw APIError.notFound }
    return JSONResponse.empty()
  }

  /// Sends a test message to every device of the account; the answer says how many it reached
  /// and how many it did not, never why (that could describe someone else's server).
  @Sendable func test(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let account = try context.requireIdentity().accountID
    if let wait = await services.limiter.acquire(
      "push-test:" + account, limit: Self.testsPerWindow, window: Self.testWindow,
      now: services.clock.now())
    {
      throw AccountRoutes.tooMany(wait)
    }
    let payload = JSON.object([
      ("title", .string("HabitFlow")),
      ("body", .string("Notifications work on this device.")),
      ("tag", .string("habitflow-test")),
    ])
    let report = try await delivery.send(
      Array(JSONWriter.write(payload).utf8), toAccount: account)
    return JSONResponse.make(
      .object([("sent", .integer(report.sent)), ("failed", .integer(report.failed))]))
  }

  /// "Done" marks the habit for the reminder's day through the account's workspace (so it syncs
  /// like any edit); "Later" sends the reminder again in ten minutes. Each URL works once.
  @Sendable func act(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let secret = try context.parameters.require("secret")
    let choice: String
    do {
      var reader = try JSONObjectReader(try await request.json(limit: 1024), path: "body")
      choice = try reader.string("action")
      try reader.finish()
    } catch let error as WireError {
      throw APIError.badRequest(error)
    }
    guard choice == "done" || choice == "later" else {
      throw APIError.invalid("invalid_value", "action must be done or later.")
    }
    let now = services.clock.now()
    guard secret.utf8.count <= 128,
      let action = try await services.store.useReminderAction(
        secretHash: Secrets.tokenHash(secret), at: now),
      let day = Day(iso: action.day)
    else {
      throw APIError(
        status: .notFound, code: "not_found",
        message: "This notification's action was already used or has expired.")
    }
    let habit = HabitID(action.habitID)
    if choice == "done" {
      try await services.workspaces.workspace(action.accountID).perform(
        .complete(habit, day), today: day)
    } else {
      try await services.store.saveReminderSnooze(
        ReminderSnoozeRecord(
          id: Secrets.newID(bytes: 8), accountID: action.accountID, habitID: action.habitID,
          day: action.day, dueAt: now + ReminderScheduler.laterDelay))
    }
    return JSONResponse.make(
      .object([
        ("action", .string(choice)), ("habit", .string(action.habitID)),
        ("day", .string(action.day)),
      ]))
  }
}
