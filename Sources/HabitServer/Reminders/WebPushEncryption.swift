import Crypto
import Foundation

/// RFC 8291 message encryption for Web Push: a one-record `aes128gcm` body (RFC 8188) that only
/// the subscribing browser can open, keyed by ECDH with its P-256 key and its auth secret.
struct WebPushEncryption {
  enum Failure: Error, Equatable {
    case badKey
    case badAuthSecret
    case tooLong
  }

  /// The largest plaintext a push service takes: its 4096-byte body limit less the header (86
  /// bytes), the tag and the padding delimiter (17).
  static let maximumPlaintext = 4096 - 16 - 1 - 86

  /// Encrypts `plaintext` for a browser's public key and auth secret. The sender's key and the
  /// salt are fresh for every message; tests pass RFC 8291's to reproduce its example.
  static func encrypt(
    _ plaintext: [UInt8], browserKey: [UInt8], authSecret: [UInt8],
    senderKey: P256.KeyAgreement.PrivateKey = .init(), salt: [UInt8]? = nil
  ) throws(Failure) -> [UInt8] {
    guard plaintext.count <= maximumPlaintext else { throw .tooLong }
    guard authSecret.count == 16 else { throw .badAuthSecret }
    guard let browser = try? P256.KeyAgreement.PublicKey(x963Representation: browserKey) else {
      throw .badKey
    }
    guard let shared = try? senderKey.sharedSecretFromKeyAgreement(with: browser) else {
      throw .badKey
    }
    let senderPublic = Array(senderKey.publicKey.x963Representation)
    let salt = salt ?? (0..<16).map { _ in UInt8.random(in: .min ... .max) }
    let (contentKey, nonce) = keys(
      shared: shared, authSecret: authSecret, browserKey: browserKey, senderKey: senderPublic,
      salt: salt)
    let sealed: AES.GCM.SealedBox
    do {
      sealed = try AES.GCM.seal(
        plaintext + [2], using: contentKey, nonce: nonce)
    } catch {
      throw .badKey
    }
    let recordSize: UInt32 = 4096
    let header =
      salt + withUnsafeBytes(of: recordSize.bigEndian, Array.init) + [UInt8(senderPublic.count)]
      + senderPublic
    return header + Array(sealed.ciphertext) + Array(sealed.tag)
  }

  /// The content key and nonce of a message: the ECDH secret bound to the auth secret and both
  /// public keys (RFC 8291 section 3.3), then RFC 8188's derivation with the message's salt.
  static func keys(
    shared: SharedSecret, authSecret: [UInt8], browserKey: [UInt8], senderKey: [UInt8],
    salt: [UInt8]
  ) -> (key: SymmetricKey, nonce: AES.GCM.Nonce) {
    let secret = shared.withUnsafeBytes { SymmetricKey(data: Data($0)) }
    let keyInfo = Array("WebPush: info".utf8) + [0] + browserKey + senderKey
    let inputKey = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: secret, salt: authSecret, info: keyInfo, outputByteCount: 32)
    let contentKey = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: inputKey, salt: salt,
      info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
    let nonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0],
      outputByteCount: 12)
    // Twelve bytes are always a valid nonce.
    return (contentKey, try! AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
  }
}
