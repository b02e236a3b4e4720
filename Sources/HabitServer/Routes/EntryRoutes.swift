import HabitCore
import HabitResources
import HabitSync
import Hummingbird

/// A habit's days: mark, count, log an amount, skip, note, undo; and the history.
struct EntryRoutes {
  let services: HabitServices

  func add(to router: RouterGroup<HabitRequestContext>) {
    router.get("habits/:id/entries", use: list)
    router.put("habits/:id/entries/:day/done", use: complete)
    router.delete("habits/:id/entries/:day/done", use: uncomplete)
    router.post("habits/:id/entries/:day/count", use: count)
    router.put("habits/:id/entries/:day/amount", use: amount)
    router.put("habits/:id/entries/:day/skip", use: skip)
    router.delete("habits/:id/entries/:day/skip", use: unskip)
    router.put("habits/:id/entries/:day/note", use: note)
  }

  @Sendable func list(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let id = try context.habitID()
    let today = services.today(request)
    let range = try request.dayRange(today: today, defaultDays: 30)
    let (from, to) = (range.lowerBound, range.upperBound)
    let json = try await services.workspace(context).read { tracker, _ in
      guard let habit = tracker.habit(id) else { throw APIError.rule(.habitNotFound) }
      let entries = tracker.log(id).entries(in: from...to)
      return JSON.object([
        ("habit", .string(id.rawValue)), ("from", .string(from.iso)), ("to", .string(to.iso)),
        ("entries", .array(entries.map { ResourceCodec.json($0, habit: habit) })),
      ])
    }
    return JSONResponse.make(json)
  }

  /// Performs the action and answers with the day's entry as it now stands; `refusal` is asked
  /// in the same step, against the tracker the action is performed on.
  private func respond(
    _ action: Action, id: HabitID, day: Day, request: Request, context: HabitRequestContext,
    refusal: @escaping @Sendable (Tracker) -> APIError? = { _ in nil }
  )
    async throws -> Response
  {
    let workspace = try await services.workspace(context)
    let json = try await workspace.perform(today: services.today(request)) { tracker in
      if let problem = refusal(tracker) { throw problem }
      return (action, ())
    } respond: { tracker, _ in
      guard let habit = tracker.habit(id) else { throw APIError.rule(.habitNotFound) }
      let entry = tracker.log(id)[day] ?? Entry(day: day)
      return JSON.object([("entry", ResourceCodec.json(entry, habit: habit))])
    }
    return JSONResponse.make(json)
  }

  /// The body's single member `name`, read with `read`.
  private func member<Value>(
    _ request: Request, _ name: String, optional: Bool = false,
    _ read: (JSON, String) throws(WireError) -> Value
  ) async throws -> Value? {
    let buffer = try await request.json(limit: services.configuration.maximumBodyBytes)
    do {
      var reader = try JSONObjectReader(buffer, path: "body")
      let value = optional ? reader.optional(name) : try reader.required(name)
      let result = try value.map { (json) throws(WireError) in try read(json, "body." + name) }
      try reader.finish()
      return result
    } catch {
      throw APIError.badRequest(error)
    }
  }

  @Sendable func complete(_ request: Request, context: HabitRequestContext) async throws -> Response
  {
    let (id, day) = (try context.habitID(), try context.day())
    return try await respond(
      .complete(id, day), id: id, day: day, request: request, context: context)
  }

  @Sendable func uncomplete(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let (id, day) = (try context.habitID(), try context.day())
    return try await respond(
      .uncomplete(id, day), id: id, day: day, request: request, context: context)
  }

  @Sendable func count(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let (id, day) = (try context.habitID(), try context.day())
    let times = try await member(request, "times", optional: true, ResourceCodec.smallInteger) ?? 1
    guard (-1_000...1_000).contains(times), times != 0 else {
      throw APIError.invalid("invalid_value", "times must be between -1000 and 1000, and not 0.")
    }
    return try await respond(
      .addCount(id, day, times: times), id: id, day: day, request: request, context: context)
  }

  @Sendable func amount(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let (id, day) = (try context.habitID(), try context.day())
    guard let amount = try await member(request, "amount", ResourceCodec.amount) else {
      throw APIError.notFound
    }
    return try await respond(
      .logAmount(id, day, amount), id: id, day: day, request: request, context: context)
  }

  @Sendable func skip(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let (id, day) = (try context.habitID(), try context.day())
    return try await respond(
      .skip(id, day, true), id: id, day: day, request: request, context: context
    ) { tracker in
      tracker.skipRefusal(id, on: day).map {
        APIError(
          status: .unprocessableContent, code: HabitError.dayHoldsCheckIn.code, message: $0)
      }
    }
  }

  @Sendable func unskip(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let (id, day) = (try context.habitID(), try context.day())
    return try await respond(
      .skip(id, day, false), id: id, day: day, request: request, context: context)
  }

  @Sendable func note(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let (id, day) = (try context.habitID(), try context.day())
    guard let text = try await member(request, "note", ResourceCodec.string) else {
      throw APIError.notFound
    }
    return try await respond(
      .setNote(id, day, text), id: id, day: day, request: request, context: context)
  }
}
