import Foundation
import HTTPTypes
import Hummingbird

/// Serves the web app's precompressed files (`app.wasm.br`, `app.wasm.gz`) to browsers that
/// accept Brotli or gzip (Brotli first: about a fifth smaller), and asks browsers to revalidate
/// the app's files (ETag) so an update is picked up at once.
struct WebAppMiddleware<Context: RequestContext>: RouterMiddleware {
  typealias File = (bytes: ByteBuffer, type: String, tag: String)
  /// By coding (`br`, `gzip`), then by path.
  private let compressed: [String: [String: File]]

  init(directory: String) {
    var found: [String: [String: File]] = [:]
    let types = [
      "wasm": "application/wasm", "js": "text/javascript", "css": "text/css",
      "html": "text/html; charset=utf-8",
    ]
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for (suffix, coding) in [(".br", "br"), (".gz", "gzip")] {
      for file in files where file.hasSuffix(suffix) {
        let original = String(file.dropLast(suffix.count))
        guard let type = types[String(original.split(separator: ".").last ?? "")],
          let data = FileManager.default.contents(atPath: directory + "/" + file)
        else { continue }
        let tag =
          "\"" + coding + "-" + String(data.count) + "-"
          + String(data.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }) + "\""
        let entry = (ByteBuffer(bytes: data), type, tag)
        found[coding, default: [:]]["/" + original] = entry
        if original == "index.html" { found[coding, default: [:]]["/"] = entry }
      }
    }
    compressed = found
  }

  /// The codings the request accepts that files are kept in, best first: Brotli, then gzip.
  static func codings(accepting header: String?) -> [String] {
    guard let header else { return [] }
    var accepted: Set<String> = []
    for item in header.split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let name = parts.first?.lowercased() else { continue }
      // `q=0` means "not this one".
      let refused = parts.dropFirst().contains {
        $0.lowercased().hasPrefix("q=") && Double($0.dropFirst(2)) == 0
      }
      if !refused { accepted.insert(name) }
    }
    return ["br", "gzip"].filter { accepted.contains($0) }
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  )
    async throws -> Response
  {
    let path = request.uri.path
    if request.method == .get,
      let coding = Self.codings(accepting: request.headers[.acceptEncoding]).first(where: {
        compressed[$0]?[path] != nil
      }),
      let file = compressed[coding]?[path]
    {
      if request.headers[.ifNoneMatch] == file.tag {
        return Response(
          status: .notModified, headers: [.eTag: file.tag, .cacheControl: "no-cache"])
      }
      return Response(
        status: .ok,
        headers: [
          .contentType: file.type, .contentEncoding: coding, .eTag: file.tag,
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
