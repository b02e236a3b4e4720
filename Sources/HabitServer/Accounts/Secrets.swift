import Crypto
import Foundation
import HummingbirdBcrypt
import NIOCore
import NIOPosix

/// Passwords and tokens. Passwords are stored as bcrypt hashes of their SHA-256 (so long
/// passwords are not cut at bcrypt's 72 bytes); tokens are random and stored only as SHA-256.
struct Secrets: Sendable {
  let passwordCost: UInt8

  static let minimumPasswordLength = 8
  static let maximumPasswordLength = 200

  /// bcrypt's own threads. On NIO's shared pool, where SQLite runs every query, a burst of
  /// sign-ins (or of guesses) would queue every account's check-ins behind deliberately slow
  /// hashes.
  static let pool: NIOThreadPool = {
    let pool = NIOThreadPool(numberOfThreads: System.coreCount)
    pool.start()
    return pool
  }()

  /// Hashes off the event loop: bcrypt is deliberately slow.
  func hashPassword(_ password: String) async throws -> String {
    let input = Self.prehash(password)
    let cost = passwordCost
    return try await Self.pool.runIfActive { Bcrypt.hash(input, cost: cost) }
  }

  func verifyPassword(_ password: String, hash: String) async throws -> Bool {
    let input = Self.prehash(password)
    return try await Self.pool.runIfActive { Bcrypt.verify(input, hash: hash) }
  }

  /// Checks `password` against nothing in the time a real check takes, so a login for an email
  /// without an account is as slow as one with an account and does not reveal which emails exist.
  func verifyAgainstNoAccount(_ password: String) async throws {
    _ = try await verifyPassword(password, hash: dummyHash)
  }

  /// A well-formed bcrypt hash of this cost that no password is known to match.
  private var dummyHash: String {
    let cost = passwordCost < 10 ? "0\(passwordCost)" : "\(passwordCost)"
    return "$2b$\(cost)$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy"
  }

  private static func prehash(_ password: String) -> String {
    Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
  }

  /// A new random secret: 32 bytes, URL-safe base64 without padding.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return urlSafe(Data(bytes))
  }

  /// The CSRF token of a session: an HMAC keyed by the session's secret, so only someone who holds
  /// the session (or reads its readable cookie on this site) can present it.
  static func csrfToken(forSession token: String) -> String {
    let key = SymmetricKey(data: Data(token.utf8))
    let code = HMAC<SHA256>.authenticationCode(for: Data("habitflow-csrf-v1".utf8), using: key)
    return urlSafe(Data(code))
  }

  /// Compares two secrets in time that does not depend on where they first differ.
  static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
    let left = Array(left.utf8)
    let right = Array(right.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }

  private static func urlSafe(_ data: Data) -> String {
    data.base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// A random id of `bytes` bytes in hex.
  static func newID(bytes: Int = 16) -> String {
    var generator = SystemRandomNumberGenerator()
    return hex((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  /// What the database keeps of a token (hex SHA-256).
  static func tokenHash(_ token: String) -> String {
    hex(Array(SHA256.hash(data: Data(token.utf8))))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  static func hex(_ bytes: [UInt8]) -> String {
    var characters: [UInt8] = []
    characters.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      characters.append(hexDigits[Int(byte >> 4)])
      characters.append(hexDigits[Int(byte & 0xF)])
    }
    return String(decoding: characters, as: UTF8.self)
  }
}
