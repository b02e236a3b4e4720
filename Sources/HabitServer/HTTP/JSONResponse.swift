import HTTPTypes
import HabitSync
import Hummingbird
import NIOCore

/// JSON in and out with HabitSync's strict codec: the server reads exactly what clients write.
enum JSONResponse {
  static func make(_ json: JSON, status: HTTPResponse.Status = .ok) -> Response {
    let text = JSONWriter.write(json)
    return Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  static func empty() -> Response {
    Response(status: .noContent, headers: [.cacheControl: "no-store"])
  }
}

extension Request {
  /// The body parsed as JSON, refusing more than `limit` bytes (413), a body that is not JSON
  /// (400) and a content type other than JSON (415).
  func json(limit: Int) async throws -> JSON {
    if let type = headers[.contentType], !type.lowercased().hasPrefix("application/json") {
      throw APIError(
        status: .unsupportedMediaType, code: "unsupported_media_type",
        message: "Send the body as application/json.")
    }
    let buffer: ByteBuffer
    do {
      buffer = try await body.collect(upTo: limit)
    } catch {
      throw APIError.badRequest(.tooLarge(limit: limit))
    }
    do {
      return try JSONParser.parse(Array(buffer.readableBytesView))
    } catch {
      throw APIError.badRequest(error)
    }
  }
}
