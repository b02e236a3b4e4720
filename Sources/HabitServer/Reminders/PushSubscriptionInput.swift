import Crypto
import Foundation
import HabitSync

/// A subscription as the browser sends it, checked at the boundary: where the push service takes
/// messages, the browser's keys, a device name and the browser's time zone.
struct PushSubscriptionInput {
  let endpoint: String
  let p256dh: String
  let auth: String
  let name: String
  let timeZone: String

  static let maximumEndpointBytes = 1024
  static let maximumNameLength = 60
  static let maximumTimeZoneBytes = 64

  init(_ json: JSON, allowsLoopbackHTTP: Bool) throws {
    let endpoint: String
    let keys: JSON
    let name: String
    let timeZone: String
    var p256dh = ""
    var auth = ""
    do {
      var reader = try JSONObjectReader(json, path: "body")
      endpoint = try reader.string("endpoint")
      keys = try reader.required("keys")
      name = try reader.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
      timeZone = try reader.string("timeZone")
      try reader.finish()
      var keyReader = try JSONObjectReader(keys, path: "body.keys")
      p256dh = try keyReader.string("p256dh")
      auth = try keyReader.string("auth")
      try keyReader.finish()
    } catch {
      throw APIError.badRequest(error)
    }
    try Self.checkEndpoint(endpoint, allowsLoopbackHTTP: allowsLoopbackHTTP)
    guard p256dh.utf8.count <= 128, let key = Base64URL.decode(p256dh), key.count == 65,
      (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
    else {
      throw APIError.invalid(
        "invalid_value", "keys.p256dh must be the browser's P-256 public key (65 bytes, base64url)."
      )
    }
    guard auth.utf8.count <= 64, let secret = Base64URL.decode(auth), secret.count == 16 else {
      throw APIError.invalid(
        "invalid_value", "keys.auth must be the browser's 16-byte auth secret (base64url).")
    }
    guard !name.isEmpty, name.count <= Self.maximumNameLength else {
      throw APIError.invalid(
        "invalid_value", "name must be 1 to \(Self.maximumNameLength) characters.")
    }
    guard timeZone.utf8.count <= Self.maximumTimeZoneBytes, TimeZone(identifier: timeZone) != nil
    else {
      throw APIError.invalid(
        "invalid_value", "timeZone must be an IANA time zone such as Europe/Paris.")
    }
    self.endpoint = endpoint
    self.p256dh = p256dh
    self.auth = auth
    self.name = name
    self.timeZone = timeZone
  }

  /// A push service is reached over HTTPS at a plain host name or address; plain HTTP only to
  /// this machine, and only when the server was told to allow it (tests run a push service
  /// stand-in on loopback). Where the host leads is checked by `checkAddresses`.
  static func checkEndpoint(_ endpoint: String, allowsLoopbackHTTP: Bool) throws {
    guard endpoint.utf8.count <= maximumEndpointBytes,
      let components = URLComponents(string: endpoint), components.fragment == nil,
      PushDestination.host(of: endpoint, allowingLoopback: allowsLoopbackHTTP) != nil
    else { throw refusal }
  }

  private static var refusal: APIError {
    APIError.invalid(
      "invalid_endpoint",
      "endpoint must be an https URL of a push service on the internet (at most 1024 bytes).")
  }

  /// Refuses an endpoint whose host is, or resolves to, an address that is not public. A name
  /// that does not resolve now is let through: every send resolves and checks it again.
  static func checkAddresses(_ endpoint: String, allowsLoopbackHTTP: Bool) async throws {
    do {
      _ = try await PushDestination.resolve(endpoint, allowingLoopback: allowsLoopbackHTTP)
    } catch .unresolved {
      return
    } catch {
      throw refusal
    }
  }
}
