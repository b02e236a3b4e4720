import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /metrics` in Prometheus' text format, for the operator's scraper and nobody else: with a
/// metrics token configured, only requests that carry it; without one, only requests from this
/// machine that no proxy relayed (a reverse proxy on the same host connects from loopback too,
/// but adds `X-Forwarded-For`).
struct MetricsRoute {
  let metrics: ServerMetrics
  let configuration: ServerConfiguration

  static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  func add(to router: Router<HabitRequestContext>) {
    router.get("metrics") { request, context in
      if let refusal = refusal(request, context: context) { throw refusal }
      return Response(
        status: .ok, headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.text())))
    }
  }

  /// Why this request may not read the metrics, or nil when it may.
  func refusal(_ request: Request, context: HabitRequestContext) -> APIError? {
    if let token = configuration.metricsToken {
      let sent = request.headers[.authorization] ?? ""
      guard Secrets.constantTimeEqual(sent, "Bearer " + token) else {
        return APIError(
          status: .unauthorized, code: "metrics_token_required",
          message: "Send the metrics token as \"Authorization: Bearer <token>\".")
      }
      return nil
    }
    let peer = ClientOrigin.normalized(context.remoteAddress)
    let loopback = peer == "::1" || peer.hasPrefix("127.")
    guard loopback, request.headers[ClientOrigin.forwardedFor] == nil else {
      return APIError(
        status: .forbidden, code: "metrics_local_only",
        message:
          "Metrics are served only to this machine without a proxy in between; set a metrics token to read them from elsewhere."
      )
    }
    return nil
  }
}
