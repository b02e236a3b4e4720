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
    router.get("healthz") { _, _ in JSONResponse.make(.object([("status", .string("ok"))])) }
    router.get("readyz") { _, context in
      if let trouble = await services.readiness() {
        context.logger.warning("not ready", metadata: ["reason": "\(trouble)"])
        return APIError.response(
          status: .serviceUnavailable, code: "not_ready",
          message: "The database cannot take writes right now: \(trouble)")
      }
      return JSONResponse.make(.object([("status", .string("ready"))]))
    }
    router.get("api/openapi.json") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: Self.openAPIDocument)))
    }
  }
}
