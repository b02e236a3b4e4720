import Crypto
import Foundation
import Testing

@testable import HabitServer

/// RFC 8291's message encryption, checked against the RFC's own example (appendix A).
@Suite struct WebPushEncryptionTests {
  static let plaintext = "When I grow up, I want to be a watermelon"
  static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
  static let senderPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let browserPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
  static let browserPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
  static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
  static let message =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

  private func bytes(_ text: String) throws -> [UInt8] {
    try #require(Base64URL.decode(text))
  }

  @Test func theRFCExampleEncryptsByteForByte() throws {
    let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes(Self.senderPrivate))
    #expect(Base64URL.encode(sender.publicKey.x963Representation) == Self.senderPublic)
    let body = try WebPushEncryption.encrypt(
      Array(Self.plaintext.utf8), browserKey: bytes(Self.browserPublic),
      authSecret: bytes(Self.authSecret), senderKey: sender, salt: bytes(Self.salt))
    #expect(Base64URL.encode(body) == Self.message)
  }

  @Test func theBrowserOpensWhatTheServerSealsWithFreshKeys() throws {
    let browser = TestBrowser()
    let body = try WebPushEncryption.encrypt(
      Array("{\"title\":\"Read\"}".utf8),
      browserKey: Array(browser.key.publicKey.x963Representation),
      authSecret: browser.auth)
    #expect(try browser.open(body) == Array("{\"title\":\"Read\"}".utf8))
    let browserKey = try P256.KeyAgreement.PrivateKey(
      rawRepresentation: bytes(Self.browserPrivate))
    #expect(
      try TestBrowser.decrypt(
        bytes(Self.message), key: browserKey, auth: bytes(Self.authSecret))
        == Array(Self.plaintext.utf8))
  }

  @Test func badKeysAndOversizedMessagesAreRefused() throws {
    let browser = TestBrowser()
    let key = Array(browser.key.publicKey.x963Representation)
    #expect(throws: WebPushEncryption.Failure.badKey) {
      try WebPushEncryption.encrypt(
        [1], browserKey: [4] + [UInt8](repeating: 7, count: 64), authSecret: browser.auth)
    }
    #expect(throws: WebPushEncryption.Failure.badAuthSecret) {
      try WebPushEncryption.encrypt([1], browserKey: key, authSecret: [1, 2])
    }
    #expect(throws: WebPushEncryption.Failure.tooLong) {
      try WebPushEncryption.encrypt(
        [UInt8](repeating: 1, count: WebPushEncryption.maximumPlaintext + 1), browserKey: key,
        authSecret: browser.auth)
    }
  }

  @Test func theVAPIDHeaderIsAnES256TokenForTheEndpointsOrigin() throws {
    let vapid = VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.com")
    let header = try vapid.authorization(
      endpoint: try #require(URL(string: "https://push.example.net:8443/send/abc")),
      now: 1_795_348_800_000)
    let parts = header.split(separator: " ")
    #expect(parts.first == "vapid")
    let token = String(parts[1].dropFirst(2).dropLast())
    #expect(parts[2] == "k=" + vapid.publicKey)
    let pieces = token.split(separator: ".").map(String.init)
    let claims = String(decoding: try bytes(pieces[1]), as: UTF8.self)
    #expect(claims.contains(#""aud":"https://push.example.net:8443""#))
    #expect(claims.contains(#""exp":1795392000"#))
    let publicKey = try P256.Signing.PublicKey(x963Representation: bytes(vapid.publicKey))
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: bytes(pieces[2]))
    #expect(publicKey.isValidSignature(signature, for: Data((pieces[0] + "." + pieces[1]).utf8)))
  }
}
