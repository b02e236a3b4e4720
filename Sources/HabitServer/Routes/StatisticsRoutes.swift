import HabitCore
import HabitResources
import HabitSync
import Hummingbird

/// The statistics screen's figures over all habits.
struct StatisticsRoutes {
  let services: HabitServices

  func add(to router: RouterGroup<HabitRequestContext>) {
    router.get("statistics", use: statistics)
  }

  @Sendable func statistics(_ request: Request, context: HabitRequestContext) async throws
    -> Response
  {
    let today = services.today(request)
    let range = try request.dayRange(today: today, defaultDays: 364)
    let json = try await services.workspace(context).read { tracker, _ in
      ResourceCodec.json(tracker.statistics(today: today), days: range)
    }
    return JSONResponse.make(json)
  }
}
