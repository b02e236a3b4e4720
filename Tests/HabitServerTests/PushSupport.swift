import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization

@testable import HabitServer

/// What a push service stand-in received: the path, the headers and the encrypted body.
struct ReceivedPush: Sendable {
  let path: String
  let authorization: String
  let encoding: String
  let body: [UInt8]
}

/// A push service on loopback: takes every message under `/push/…` with 201, and answers 410
/// (gone) under `/gone/…`, recording what arrived.
final class PushStandIn: Sendable {
  private let received = Mutex<[ReceivedPush]>([])

  var messages: [ReceivedPush] { received.withLock { $0 } }

  func run(_ body: @escaping @Sendable (_ base: String) async throws -> Void) async throws {
    let router = Router()
    router.post("push/:device") { request, _ -> Response in
      try await self.record(request)
      return Response(status: .created)
    }
    router.post("gone/:device") { request, _ -> Response in
      try await self.record(request)
      return Response(status: .gone)
    }
    try await Application(router: router).test(.live) { client in
      try await body("http://127.0.0.1:\(client.port!)")
    }
  }

  private func record(_ request: Request) async throws {
    let bytes = try await request.body.collect(upTo: 8192)
    let push = ReceivedPush(
      path: request.uri.path, authorization: request.headers[.authorization] ?? "",
      encoding: request.headers[HTTPField.Name("Content-Encoding")!] ?? "",
      body: Array(bytes.readableBytesView))
    received.withLock { $0.append(push) }
  }
}

/// A browser's side of a push subscription: its key pair and auth secret, and decryption of what
/// the server sent it (RFC 8291; the key derivation is the server's, which RFC 8291's example
/// checks).
struct TestBrowser {
  let key = P256.KeyAgreement.PrivateKey()
  let auth = (0..<16).map { _ in UInt8.random(in: .min ... .max) }

  var p256dh: String { Base64URL.encode(key.publicKey.x963Representation) }
  var authText: String { Base64URL.encode(auth) }

  func subscription(endpoint: String, zone: String, name: String = "Phone") -> String {
    #"{"endpoint":"\#(endpoint)","keys":{"p256dh":"\#(p256dh)","auth":"\#(authText)"},"name":"\#(name)","timeZone":"\#(zone)"}"#
  }

  func open(_ body: [UInt8]) throws -> [UInt8] {
    try Self.decrypt(body, key: key, auth: auth)
  }

  static func decrypt(_ body: [UInt8], key: P256.KeyAgreement.PrivateKey, auth: [UInt8]) throws
    -> [UInt8]
  {
    let salt = Array(body[0..<16])
    let idLength = Int(body[20])
    let senderKey = Array(body[21..<(21 + idLength)])
    let sealed = Array(body[(21 + idLength)...])
    let shared = try key.sharedSecretFromKeyAgreement(
      with: P256.KeyAgreement.PublicKey(x963Representation: senderKey))
    let (contentKey, nonce) = WebPushEncryption.keys(
      shared: shared, authSecret: auth, browserKey: Array(key.publicKey.x963Representation),
      senderKey: senderKey, salt: salt)
    let box = try AES.GCM.SealedBox(
      nonce: nonce, ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
    var plain = Array(try AES.GCM.open(box, using: contentKey))
    while plain.last == 0 { plain.removeLast() }
    guard plain.last == 2 else { throw CryptoKitError.authenticationFailure }
    return Array(plain.dropLast())
  }
}
