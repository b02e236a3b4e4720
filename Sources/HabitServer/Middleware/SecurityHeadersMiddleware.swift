import HTTPTypes
import HabitStore
import Hummingbird

/// Security headers on every response, errors included. The content security policy allows the
/// page's own scripts, styles and WebAssembly (`wasm-unsafe-eval`) and nothing else loose; over
/// HTTPS, `Strict-Transport-Security` keeps the browser on HTTPS.
struct SecurityHeadersMiddleware: RouterMiddleware {
  typealias Context = HabitRequestContext

  static let strictTransportSecurity = HTTPField.Name("Strict-Transport-Security")!

  let configuration: ServerConfiguration

  static var contentSecurityPolicy: String {
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
      + "connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; "
      + "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  )
    async throws -> Response
  {
    var response = try await next(request, context)
    response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
    response.headers[values: HTTPField.Name("X-Content-Type-Options")!] = ["nosniff"]
    response.headers[values: HTTPField.Name("X-Frame-Options")!] = ["DENY"]
    response.headers[values: HTTPField.Name("Referrer-Policy")!] = ["no-referrer"]
    response.headers[values: HTTPField.Name("Cross-Origin-Opener-Policy")!] = ["same-origin"]
    response.headers[values: HTTPField.Name("Cross-Origin-Resource-Policy")!] = ["same-origin"]
    response.headers[values: HTTPField.Name("Permissions-Policy")!] = [
      "camera=(), microphone=(), geolocation=(self), payment=()"
    ]
    if ClientOrigin.isSecure(request, context: context, configuration: configuration) {
      response.headers[Self.strictTransportSecurity] = "max-age=31536000"
    }
    return response
  }
}

/// Turns every error into the API's JSON error shape, so a client never has to parse HTML or an
/// empty body: unknown routes, wrong methods and unexpected failures included.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  )
    async throws -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      return APIError.response(
        status: error.status, code: error.code, message: error.message, headers: error.headers)
    } catch StoreError.accountBusy {
      let busy = APIError.accountBusy
      return APIError.response(
        status: busy.status, code: busy.code, message: busy.message, headers: busy.headers)
    } catch let error as HTTPError {
      let status = error.status
      let code: String
      let message: String
      switch status.code {
      case 404: (code, message) = ("not_found", "Nothing was found here.")
      case 405:
        (code, message) = ("method_not_allowed", "This address does not accept that method.")
      case 413: (code, message) = ("too_large", "The request body is too large.")
      case 400..<500:
        (code, message) = ("bad_request", error.body ?? "The request could not be understood.")
      default:
        (code, message) = ("server_error", "Something went wrong on the server. Please try again.")
      }
      return APIError.response(status: status, code: code, message: message, headers: error.headers)
    } catch  where Self.isDatabaseOutage(error) {
      // The database failed, could not be reached or did not answer in time: a temporary
      // condition, not a bug.
      context.logger.error("database unavailable", metadata: ["error": "\(ErrorSummary.of(error))"])
      let unavailable = APIError.unavailable
      return APIError.response(
        status: unavailable.status, code: unavailable.code, message: unavailable.message,
        headers: unavailable.headers)
    } catch {
      // Its type and a safe message only: a reflected error may hold the request's data.
      context.logger.error("request failed", metadata: ["error": "\(ErrorSummary.of(error))"])
      return APIError.response(
        status: .internalServerError, code: "server_error",
        message: "Something went wrong on the server. Please try again.")
    }
  }

  private static func isDatabaseOutage(_ error: any Error) -> Bool {
    if let error = error as? StoreError { return error.isTemporary }
    return error is Deadline.Exceeded
  }
}
