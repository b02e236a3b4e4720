import Crypto
import Foundation
import HabitSync

/// The server's VAPID identity (RFC 8292): push services accept only messages signed with the key
/// a subscription was made for, so the key is made once and kept in the database.
struct VAPID: Sendable {
  /// The private key's 32 bytes (Crypto's key type is not Sendable).
  private let keyBytes: [UInt8]
  /// A `mailto:` or `https:` contact the push service may use to reach the operator.
  let subject: String

  /// The public key browsers subscribe with: the uncompressed point, base64url.
  var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

  /// The private key as stored: its 32 bytes, base64url.
  var storedKey: String { Base64URL.encode(keyBytes) }

  private var key: P256.Signing.PrivateKey {
    // The bytes were checked when this value was made.
    try! P256.Signing.PrivateKey(rawRepresentation: keyBytes)
  }

  init(key: P256.Signing.PrivateKey, subject: String) {
    keyBytes = Array(key.rawRepresentation)
    self.subject = subject
  }

  init?(stored: String, subject: String) {
    guard let bytes = Base64URL.decode(stored),
      let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes)
    else { return nil }
    self.init(key: key, subject: subject)
  }

  /// The `Authorization` header for a push to `endpoint`: a JWT for the endpoint's origin that
  /// expires in twelve hours, and the public key.
  func authorization(endpoint: URL, now milliseconds: Int64) throws -> String {
    guard let scheme = endpoint.scheme, let host = endpoint.host else {
      throw PushDelivery.Failure.badEndpoint
    }
    let port = endpoint.port.map { ":\($0)" } ?? ""
    let header = JSON.object([("typ", .string("JWT")), ("alg", .string("ES256"))])
    let claims = JSON.object([
      ("aud", .string("\(scheme)://\(host)\(port)")),
      ("exp", .integer(milliseconds / 1000 + 12 * 3600)),
      ("sub", .string(subject)),
    ])
    let signingInput =
      Base64URL.encode(Array(JSONWriter.write(header).utf8)) + "."
      + Base64URL.encode(Array(JSONWriter.write(claims).utf8))
    let signature = try key.signature(for: Data(signingInput.utf8))
    let token = signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    return "vapid t=\(token), k=\(publicKey)"
  }
}

/// Printed, the identity shows its public key only.
extension VAPID: CustomStringConvertible {
  var description: String { "VAPID(publicKey: \(publicKey))" }
}
