import HabitCore
import HabitResources
import HabitSync
import Hummingbird

/// Categories: list, add, rename, the deletion warning, delete (with their habits).
struct CategoryRoutes {
  let services: HabitServices

  func add(to router: RouterGroup<HabitRequestContext>) {
    router.get("categories", use: list)
    router.post("categories", use: create)
    router.patch("categories/:id", use: rename)
    router.get("categories/:id/deletion", use: impact)
    router.delete("categories/:id", use: delete)
  }

  @Sendable func list(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let json = try await services.workspace(context).read { tracker, _ in
      JSON.object([("categories", .array(tracker.sortedCategories.map(ResourceCodec.json)))])
    }
    return JSONResponse.make(json)
  }

  private func body(_ request: Request, idAllowed: Bool) async throws -> (id: String?, name: String)
  {
    let json = try await request.json(limit: services.configuration.maximumBodyBytes)
    do {
      var reader = try JSONObjectReader(json, path: "body")
      let id =
        idAllowed
        ? try reader.optional("id").map { (value) throws(WireError) in
          try ResourceCodec.string(value, path: "body.id")
        } : nil
      let name = try reader.string("name")
      try reader.finish()
      return (id, name)
    } catch {
      throw APIError.badRequest(error)
    }
  }

  @Sendable func create(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let (given, name) = try await body(request, idAllowed: true)
    let id = CategoryID(given ?? Secrets.newID(bytes: 8))
    guard RecordID.isValid(id.rawValue) else {
      throw APIError.invalid("invalid_value", "id must be 1 to 64 letters, digits, '-' or '_'.")
    }
    let json = try await services.workspace(context).perform(
      .addCategory(id, name), today: services.today(request)
    ) {
      tracker in
      guard let category = tracker.category(id) else { throw APIError.rule(.categoryNotFound) }
      return JSON.object([("category", ResourceCodec.json(category))])
    }
    return JSONResponse.make(json, status: .created)
  }

  @Sendable func rename(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let id = try context.categoryID()
    let (_, name) = try await body(request, idAllowed: false)
    let json = try await services.workspace(context).perform(
      .renameCategory(id, name), today: services.today(request)
    ) {
      tracker in
      guard let category = tracker.category(id) else { throw APIError.rule(.categoryNotFound) }
      return JSON.object([("category", ResourceCodec.json(category))])
    }
    return JSONResponse.make(json)
  }

  private static func json(_ impact: CategoryDeletion) -> JSON {
    .object([("habits", .integer(impact.habits)), ("entries", .integer(impact.entries))])
  }

  @Sendable func impact(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let id = try context.categoryID()
    let json = try await services.workspace(context).read { tracker, _ in
      guard tracker.category(id) != nil else { throw APIError.rule(.categoryNotFound) }
      return Self.json(tracker.deletionImpact(ofCategory: id))
    }
    return JSONResponse.make(json)
  }

  @Sendable func delete(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let id = try context.categoryID()
    let workspace = try await services.workspace(context)
    let impact = try await workspace.read { tracker, _ in tracker.deletionImpact(ofCategory: id) }
    try await workspace.perform(.deleteCategory(id), today: services.today(request))
    return JSONResponse.make(.object([("removed", Self.json(impact))]))
  }
}
