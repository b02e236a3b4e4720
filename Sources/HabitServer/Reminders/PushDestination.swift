import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A push endpoint checked for sending: an `https` URL whose host resolved, every address of it
/// public, to the one address the message must be sent to. Resolving once and connecting to that
/// address means a name that resolves elsewhere a moment later (DNS rebinding) changes nothing.
struct PushDestination: Sendable {
  /// The endpoint's host exactly as the HTTP client reads it from the URL.
  let host: String
  /// The checked address, as text, that the connection must go to.
  let address: String

  enum Refusal: Error, CustomStringConvertible {
    /// Not an `https` URL with a plain host name or address (or plain `http` to loopback when
    /// tests allow it).
    case badURL
    /// The host has no address, or the lookup failed or took too long.
    case unresolved
    /// The host is, or resolves to, an address that is not public.
    case notPublic

    var description: String {
      switch self {
      case .badURL: "not an https URL of a push service"
      case .unresolved: "the push service's name did not resolve"
      case .notPublic: "the push service's address is not a public one"
      }
    }
  }

  /// How long a name lookup may take before the push service counts as unreachable.
  static let lookupTimeout: TimeAmount = .seconds(5)

  /// The host of `endpoint` if the URL is one a push may go to: `https` (or `http` when loopback
  /// is allowed, for tests), no user or password, and a host of letters, digits, dots and dashes
  /// or a bracketed IPv6 address, so it reads the same to this check and to the HTTP client.
  static func host(of endpoint: String, allowingLoopback: Bool) -> String? {
    guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(),
      scheme == "https" || (scheme == "http" && allowingLoopback),
      url.user == nil, url.password == nil, var host = url.host, !host.isEmpty
    else { return nil }
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let allowed = host.utf8.allSatisfy {
      ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
        || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
        || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":")
    }
    return allowed && host.utf8.count <= 253 ? host : nil
  }

  /// Checks `endpoint` and resolves its host: refused unless every address it has is public
  /// (loopback too when `allowingLoopback`, for tests), and plain `http` only to loopback.
  static func resolve(_ endpoint: String, allowingLoopback: Bool) async throws(Refusal)
    -> PushDestination
  {
    guard let host = host(of: endpoint, allowingLoopback: allowingLoopback) else {
      throw .badURL
    }
    let addresses: [[UInt8]]
    do {
      addresses = try await lookUp(host)
    } catch {
      throw .unresolved
    }
    guard let first = addresses.first else { throw .unresolved }
    guard
      addresses.allSatisfy({ PushAddress.isAllowed($0, allowingLoopback: allowingLoopback) })
    else { throw .notPublic }
    let secure = URL(string: endpoint)?.scheme?.lowercased() == "https"
    guard secure || addresses.allSatisfy(PushAddress.isLoopback) else { throw .badURL }
    guard let text = Self.text(first) else { throw .unresolved }
    return PushDestination(host: host, address: text)
  }

  /// Threads of their own for lookups: a slow name server (one a client may run) must never
  /// hold NIO's shared pool, where the SQLite connection's calls run.
  private static let resolverPool: NIOThreadPool = {
    let pool = NIOThreadPool(numberOfThreads: 4)
    pool.start()
    return pool
  }()

  /// The host's addresses from the system's resolver (`getaddrinfo`, which also reads the
  /// numeric forms such as `2130706433`), looked up on threads of its own so neither a
  /// cooperative thread nor the database's pool blocks, and given up after `lookupTimeout`.
  private static func lookUp(_ host: String) async throws -> [[UInt8]] {
    let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
    let lookup = resolverPool.runIfActive(eventLoop: eventLoop) {
      try addresses(of: host)
    }
    let waiter = Waiter()
    return try await withCheckedThrowingContinuation { continuation in
      waiter.set(continuation)
      let timer = eventLoop.scheduleTask(in: lookupTimeout) {
        waiter.resume(with: .failure(Refusal.unresolved))
      }
      lookup.whenComplete { result in
        timer.cancel()
        waiter.resume(with: result)
      }
    }
  }

  /// Resumes a continuation once, whichever of the lookup and its timer ends first.
  private final class Waiter: Sendable {
    private let continuation = Mutex<CheckedContinuation<[[UInt8]], any Error>?>(nil)

    func set(_ continuation: CheckedContinuation<[[UInt8]], any Error>) {
      self.continuation.withLock { $0 = continuation }
    }

    func resume(with result: Result<[[UInt8]], any Error>) {
      continuation.withLock { $0.take() }?.resume(with: result)
    }
  }

  private static func addresses(of host: String) throws -> [[UInt8]] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else {
      throw Refusal.unresolved
    }
    defer { freeaddrinfo(first) }
    var found: [[UInt8]] = []
    var cursor: UnsafeMutablePointer<addrinfo>? = first
    while let info = cursor {
      if let address = info.pointee.ai_addr {
        switch info.pointee.ai_family {
        case AF_INET:
          address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            found.append(withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) })
          }
        case AF_INET6:
          address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            found.append(withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) })
          }
        default:
          break
        }
      }
      cursor = info.pointee.ai_next
    }
    return found
  }

  /// An address's usual text form (`inet_ntop`).
  private static func text(_ bytes: [UInt8]) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let family = bytes.count == 4 ? AF_INET : AF_INET6
    let written = bytes.withUnsafeBytes { raw in
      inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
    }
    guard written != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
