import Foundation
import HTTPTypes
import HabitServer
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A web folder with one file in each coding, told apart by content.
private func webFolder() throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "habitflow-web-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  for (name, text) in [("app.js", "plain"), ("app.js.gz", "gzipped"), ("app.js.br", "brotli")] {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }
  return folder.path
}

@Suite struct WebAppServingTests {
  @Test func browsersThatAcceptBrotliGetTheSmallestCopy() async throws {
    let folder = try webFolder()
    let serveFolder: (inout ServerConfiguration) -> Void = { $0.webDirectory = folder }
    try await withServer(configure: serveFolder) { client in
      let cases: [(accept: String?, coding: String?, body: String)] = [
        ("gzip, deflate, br, zstd", "br", "brotli"),
        ("br;q=1.0, gzip;q=0.8", "br", "brotli"),
        ("gzip", "gzip", "gzipped"),
        ("gzip, br;q=0", "gzip", "gzipped"),
        ("identity", nil, "plain"),
        (nil, nil, "plain"),
      ]
      for (accept, coding, body) in cases {
        var headers: HTTPFields = [:]
        if let accept { headers[.acceptEncoding] = accept }
        let response = try await client.execute(uri: "/app.js", method: .get, headers: headers)
        #expect(response.status == .ok, "Accept-Encoding: \(accept ?? "none")")
        #expect(
          response.headers[.contentEncoding] == coding, "Accept-Encoding: \(accept ?? "none")")
        #expect(String(buffer: response.body) == body, "Accept-Encoding: \(accept ?? "none")")
        if coding != nil { #expect(response.headers[.vary] == "Accept-Encoding") }
      }
    }
  }

  @Test func anAPIAddressIsAnsweredByTheAPINeverByTheFileServer() async throws {
    let folder = try webFolder()
    let serveFolder: (inout ServerConfiguration) -> Void = { $0.webDirectory = folder }
    try await withServer(configure: serveFolder) { client in
      let token = try await client.register("dots@example.com")
      for uri in [
        "/api/v1/habits/0..0", "/api/v1/habits/0..0/progress", "/api/v1/habits/../app.js",
      ] {
        let response = try await client.call(.get, uri, token: token)
        #expect(response.status == .notFound, "\(uri): \(response.text)")
        #expect(response.errorCode != nil, "\(uri) answers in the API's JSON: \(response.text)")
      }
      let page = try await client.execute(uri: "/no/such/page", method: .get, headers: [:])
      #expect(page.status == .notFound)
      let app = try await client.execute(uri: "/app.js", method: .get, headers: [:])
      #expect(app.status == .ok && String(buffer: app.body) == "plain")
    }
  }

  @Test func aCachedCopyIsRevalidatedPerCoding() async throws {
    let folder = try webFolder()
    let serveFolder: (inout ServerConfiguration) -> Void = { $0.webDirectory = folder }
    try await withServer(configure: serveFolder) { client in
      let brotli = try await client.execute(
        uri: "/app.js", method: .get, headers: [.acceptEncoding: "br"])
      let tag = try #require(brotli.headers[.eTag])
      let again = try await client.execute(
        uri: "/app.js", method: .get, headers: [.acceptEncoding: "br", .ifNoneMatch: tag])
      #expect(again.status == .notModified)
      let gzip = try await client.execute(
        uri: "/app.js", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: tag])
      #expect(gzip.status == .ok && String(buffer: gzip.body) == "gzipped")
    }
  }
}
