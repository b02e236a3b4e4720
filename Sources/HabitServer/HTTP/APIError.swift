import HTTPTypes
import HabitCore
import HabitStore
import HabitSync
import Hummingbird
import NIOCore

/// An error the API reports as `{ "error": { "code", "message" } }` with its status.
struct APIError: HTTPResponseError {
  let status: HTTPResponse.Status
  let code: String
  let message: String
  var headers: HTTPFields = [:]

  func response(from request: Request, context: some RequestContext) throws -> Response {
    Self.response(status: status, code: code, message: message, headers: headers)
  }

  static func response(
    status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]
  )
    -> Response
  {
    let body = JSON.object([
      ("error", .object([("code", .string(code)), ("message", .string(message))]))
    ])
    var response = JSONResponse.make(body, status: status)
    response.headers.append(contentsOf: headers)
    return response
  }

  /// The database could not take a write (or answer) just now; nothing acknowledged is lost and
  /// the client may simply try again.
  static let unavailable = APIError(
    status: .serviceUnavailable, code: "unavailable",
    message: "Your change could not be saved just now. Please try again in a moment.",
    headers: [.retryAfter: "2"])
  /// A new password or a deletion waited too long for an import into the account: nothing was
  /// changed, and the same request works once the import is saved.
  static let accountBusy = APIError(
    status: .serviceUnavailable, code: "import_in_progress",
    message:
      "An import into your account is still being saved, so nothing was changed. Try again when it has finished.",
    headers: [.retryAfter: "30"])
  /// The server began to stop (an upgrade, a restart) during an import, which was rolled back.
  static let restarting = APIError(
    status: .serviceUnavailable, code: "restarting",
    message:
      "The server is restarting, so this import was not saved. Try it again in a minute.",
    headers: [.retryAfter: "30"])
  static let unauthenticated = APIError(
    status: .unauthorized, code: "unauthenticated", message: "Sign in to continue.")
  static let notFound = APIError(
    status: .notFound, code: "not_found", message: "Nothing was found here.")
  static let csrf = APIError(
    status: .forbidden, code: "csrf_failed",
    message: "This request did not come from the HabitFlow app. Reload the page and try again.")

  static func badRequest(_ error: WireError) -> APIError {
    switch error {
    case .tooLarge:
      return APIError(status: .contentTooLarge, code: error.code, message: error.message)
    case .invalidValue:
      return APIError(status: .unprocessableContent, code: error.code, message: error.message)
    case .malformed, .missingMember, .unknownMember, .wrongType:
      return APIError(status: .badRequest, code: error.code, message: error.message)
    }
  }

  static func rule(_ error: HabitError) -> APIError {
    switch error {
    case .habitNotFound, .categoryNotFound, .placeNotFound:
      return APIError(status: .notFound, code: error.code, message: error.message)
    case .habitAlreadyExists, .categoryNameTaken:
      return APIError(status: .conflict, code: error.code, message: error.message)
    default:
      return APIError(status: .unprocessableContent, code: error.code, message: error.message)
    }
  }

  static func invalid(_ code: String, _ message: String) -> APIError {
    APIError(status: .unprocessableContent, code: code, message: message)
  }
}
