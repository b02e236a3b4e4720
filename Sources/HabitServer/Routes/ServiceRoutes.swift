import Foundation
import HabitSync
import Hummingbird

/// Health, readiness and the OpenAPI document.
struct ServiceRoutes {
  let services: HabitServices

  static let openAPIDocument: String = {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return "{}" }
    return text
  }()

  func add(to router: Router<HabitRequestContext>) {
    router.get("healthz") { _, context in
      Self.answer(
        trouble: await services.health(), ok: "ok", code: "unhealthy",
        message: "The server cannot write and needs a restart: ", context: context)
    }
    router.get("readyz") { _, context in
      Self.answer(
        trouble: await services.readiness(), ok: "ready", code: "not_ready",
        message: "The database cannot take writes right now: ", context: context)
    }
    router.get("api/openapi.json") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: Self.openAPIDocument)))
    }
  }

  /// A probe's answer: 200 with `ok`, or 503 saying what is wrong (logged too).
  private static func answer(
    trouble: String?, ok: String, code: String, message: String, context: HabitRequestContext
  ) -> Response {
    guard let trouble else { return JSONResponse.make(.object([("status", .string(ok))])) }
    context.logger.warning("\(code)", metadata: ["reason": "\(trouble)"])
    return APIError.response(status: .serviceUnavailable, code: code, message: message + trouble)
  }
}
