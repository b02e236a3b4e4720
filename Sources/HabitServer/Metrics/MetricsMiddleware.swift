import Hummingbird

/// Counts every request and its latency by method and route pattern. Outermost, so errors and
/// every other middleware's work count too.
struct MetricsMiddleware: RouterMiddleware {
  typealias Context = HabitRequestContext

  let metrics: ServerMetrics

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let started = ContinuousClock.now
    let method = request.method.rawValue
    do {
      let response = try await next(request, context)
      record(method, context, status: response.status.code, since: started)
      return response
    } catch let error as any HTTPResponseError {
      record(method, context, status: error.status.code, since: started)
      throw error
    } catch {
      record(method, context, status: 500, since: started)
      throw error
    }
  }

  /// Requests no route matched (the web app's files, unknown paths) share one label.
  private func record(
    _ method: String, _ context: Context, status: Int, since started: ContinuousClock.Instant
  ) {
    metrics.request(
      method: method, route: context.endpointPath ?? "unrouted", status: status,
      duration: ContinuousClock.now - started)
  }
}
