import HabitCore
import HabitResources
import HabitSync
import Hummingbird

/// Habits as REST resources. Every write is a HabitCore action on the account's replica, so it
/// becomes the same changes a sync client would send.
struct HabitRoutes {
  let services: HabitServices

  func add(to router: RouterGroup<HabitRequestContext>) {
    router.get("habits", use: list)
    router.post("habits", use: create)
    router.get("habits/:id", use: show)
    router.patch("habits/:id", use: update)
    router.delete("habits/:id", use: delete)
  }

  @Sendable func list(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let today = services.today(request)
    let day = try request.queryDay("day")
    let archived = try request.queryBool("archived") ?? false
    var filter = AgendaFilter()
    if let status = try request.queryText("status") {
      guard let value = AgendaFilter.Status(rawValue: status) else {
        throw APIError.invalid("invalid_value", "status must be all, done or notDone.")
      }
      filter.status = value
    }
    if let category = try request.queryText("category") { filter.category = CategoryID(category) }
    if let time = try request.queryText("timeOfDay") {
      guard let value = TimeOfDay(rawValue: time) else {
        throw APIError.invalid(
          "invalid_value", "timeOfDay must be anytime, morning, afternoon or evening.")
      }
      filter.timeOfDay = value
    }
    filter.search = try request.queryText("search") ?? ""
    let chosen = filter
    let workspace = try await services.workspace(context)
    let json = try await workspace.read { tracker, _ in
      let filter = chosen
      let shownDay = day ?? today
      let scope = HabitListScope(dayChosen: day != nil, archived: archived)
      let items = tracker.list(scope, on: shownDay, today: today, filter: filter)
      return JSON.object([
        ("day", .string(shownDay.iso)),
        ("habits", .array(items.map { ResourceCodec.json($0, stats: nil) })),
      ])
    }
    return JSONResponse.make(json)
  }

  @Sendable func create(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let body = try await request.json(limit: services.configuration.maximumBodyBytes)
    let today = services.today(request)
    let workspace = try await services.workspace(context)
    var id = HabitID(Secrets.newID(bytes: 8))
    if case .object(let members) = body, let given = members.first(where: { $0.0 == "id" })?.1 {
      guard case .string(let text) = given, RecordID.isValid(text) else {
        throw APIError.invalid("invalid_value", "id must be 1 to 64 letters, digits, '-' or '_'.")
      }
      id = HabitID(text)
    }
    var fields = body
    if case .object(let members) = body { fields = .object(members.filter { $0.0 != "id" }) }
    var parsed = Habit(id: id, title: "", category: "", startDay: today, order: 0)
    do {
      try ResourceCodec.update(&parsed, from: fields)
    } catch {
      throw APIError.badRequest(error)
    }
    let draft = parsed
    let newID = id
    let given = fields
    let json = try await workspace.perform(
      today: today,
      decide: { tracker in
        var habit = draft
        if case .object(let members) = given, !members.contains(where: { $0.0 == "order" }) {
          habit.order = tracker.nextOrder
        }
        return (.addHabit(habit), ())
      },
      respond: { tracker, _ in
        guard let saved = tracker.habit(newID) else { throw APIError.rule(.habitNotFound) }
        return JSON.object([("habit", ResourceCodec.json(saved))])
      })
    var response = JSONResponse.make(json, status: .created)
    response.headers[.location] = "/api/v1/habits/" + id.rawValue
    return response
  }

  @Sendable func show(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let id = try context.habitID()
    let today = services.today(request)
    let workspace = try await services.workspace(context)
    let json = try await workspace.read { tracker, replica in
      guard let habit = tracker.habit(id) else { throw APIError.rule(.habitNotFound) }
      let stats = try tracker.stats(for: id, today: today, firstWeekday: replica.firstWeekday)
      return JSON.object([
        ("habit", ResourceCodec.json(habit)), ("stats", ResourceCodec.json(stats)),
      ])
    }
    return JSONResponse.make(json)
  }

  @Sendable func update(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let id = try context.habitID()
    let body = try await request.json(limit: services.configuration.maximumBodyBytes)
    let today = services.today(request)
    let workspace = try await services.workspace(context)
    // Decided and performed in one step on the workspace: the body's fields apply to the habit as
    // it stands then, so a concurrent edit of other fields is kept.
    let json = try await workspace.perform(
      today: today,
      decide: { tracker in
        guard var habit = tracker.habit(id) else { throw APIError.rule(.habitNotFound) }
        do throws(WireError) {
          try ResourceCodec.update(&habit, from: body)
        } catch {
          throw APIError.badRequest(error)
        }
        return (.updateHabit(habit), tracker.entriesLost(ifStartOf: id, movesTo: habit.startDay))
      },
      respond: { (tracker: Tracker, dropped: Int) in
        guard let saved = tracker.habit(id) else { throw APIError.rule(.habitNotFound) }
        return JSON.object([
          ("habit", ResourceCodec.json(saved)), ("droppedEntries", .integer(dropped)),
        ])
      })
    return JSONResponse.make(json)
  }

  @Sendable func delete(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let id = try context.habitID()
    try await services.workspace(context).perform(.deleteHabit(id), today: services.today(request))
    return JSONResponse.empty()
  }
}
