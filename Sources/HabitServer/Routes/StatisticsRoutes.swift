import HabitCore
import HabitResources
import HabitSync
import Hummingbird

/// The figures of the Statistics tab (over all habits, for a period) and of a habit's detail
/// (its score line, history bars, streaks and weekday frequency): the same HabitCore functions
/// the app's screens call.
struct StatisticsRoutes {
  let services: HabitServices

  func add(to router: RouterGroup<HabitRequestContext>) {
    router.get("statistics", use: statistics)
    router.get("habits/:id/progress", use: progress)
  }

  @Sendable func statistics(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let today = services.today(request)
    let range = try request.dayRange(today: today, defaultDays: 364)
    let period = try request.queryChoice("period", from: StatisticsPeriod.allCases) ?? .all
    let asked = try Self.askedWeekStart(request)
    let json = try await services.workspace(context).read { tracker, replica in
      let firstWeekday = asked ?? replica.firstWeekday
      return ResourceCodec.json(
        tracker.statistics(today: today, period: period, firstWeekday: firstWeekday), days: range)
    }
    return JSONResponse.make(json)
  }

  @Sendable func progress(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let id = try context.habitID()
    let today = services.today(request)
    let scoreBy = try request.queryChoice("scoreBy", from: Bucket.allCases) ?? .week
    let historyBy =
      try request.queryChoice("historyBy", from: Bucket.allCases.filter { $0 != .day }) ?? .week
    let asked = try Self.askedWeekStart(request)
    let json = try await services.workspace(context).read { tracker, replica in
      let firstWeekday = asked ?? replica.firstWeekday
      do throws(HabitError) {
        return ResourceCodec.json(
          try HabitProgress(
            tracker, habit: id, today: today, scoreBy: scoreBy, historyBy: historyBy,
            firstWeekday: firstWeekday))
      } catch {
        throw APIError.rule(error)
      }
    }
    return JSONResponse.make(json)
  }

  /// `weekStart` when the request names it; else the weeks follow the account's setting.
  private static func askedWeekStart(_ request: Request) throws -> Weekday? {
    request.uri.queryParameters.get("weekStart") == nil ? nil : try request.weekStart()
  }

}
