import Foundation
import HTTPTypes
import Hummingbird

/// Serves the web app's precompressed files (`app.wasm.gz`) to browsers that accept gzip, and
/// asks browsers to revalidate the app's files (ETag) so an update is picked up at once.
struct WebAppMiddleware<Context: RequestContext>: RouterMiddleware {
  private let compressed: [String: (bytes: ByteBuffer, type: String, tag: String)]

  init(directory: String) {
    var found: [String: (ByteBuffer, String, String)] = [:]
    let types = [
      "wasm": "application/wasm", "js": "text/javascript", "css": "text/css",
      "html": "text/html; charset=utf-8",
    ]
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for file in files where file.hasSuffix(".gz") {
      let original = String(file.dropLast(3))
      guard let type = types[String(original.split(separator: ".").last ?? "")],
        let data = FileManager.default.contents(atPath: directory + "/" + file)
      else { continue }
      let tag =
        "\"gz-" + String(data.count) + "-"
        + String(data.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }) + "\""
      found["/" + original] = (ByteBuffer(bytes: data), type, tag)
      if original == "index.html" { found["/"] = (ByteBuffer(bytes: data), type, tag) }
    }
    compressed = found
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  )
    async throws -> Response
  {
    let path = request.uri.path
    if request.method == .get, let file = compressed[path],
      request.headers[.acceptEncoding]?.contains("gzip") == true
    {
      if request.headers[.ifNoneMatch] == file.tag {
        return Response(
          status: .notModified, headers: [.eTag: file.tag, .cacheControl: "no-cache"])
      }
      return Response(
        status: .ok,
        headers: [
          .contentType: file.type, .contentEncoding: "gzip", .eTag: file.tag,
          .cacheControl: "no-cache",
          .vary: "Accept-Encoding",
        ],
        body: ResponseBody(byteBuffer: file.bytes))
    }
    var response = try await next(request, context)
    if !path.hasPrefix("/api/") && response.headers[.cacheControl] == nil {
      response.headers[.cacheControl] = "no-cache"
    }
    return response
  }
}
