import Foundation

/// URL-safe base64 without padding: how Web Push and VAPID spell keys and secrets.
enum Base64URL {
  static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The bytes, or nil when the text is not base64url (padding is accepted).
  static func decode(_ text: String) -> [UInt8]? {
    var standard = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    while standard.hasSuffix("=") { standard.removeLast() }
    guard !standard.contains("=") else { return nil }
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard).map(Array.init)
  }
}
