public import Hummingbird
import Logging
import NIOCore

/// Who is asking: set by the authentication middleware for signed-in requests.
public struct Identity: Sendable {
  public let accountID: String
  /// The stored hash of the secret that authenticated the request.
  let tokenHash: String
  /// A browser session cookie (state-changing requests need the CSRF token) or a bearer token.
  let viaCookie: Bool
  /// A session (browser or command line) or a personal API token.
  let isAPIToken: Bool
}

/// The request context of every HabitFlow route.
public struct HabitRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  public var identity: Identity?
  /// The peer's IP address: a proxy's, when behind one (`ClientOrigin` finds the client's).
  public let remoteAddress: String

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
  }

  /// Bodies are limited per route; this is only the ceiling for anything decoded generically.
  public var maxUploadSize: Int { 64 * 1024 }

  func requireIdentity() throws -> Identity {
    guard let identity else { throw APIError.unauthenticated }
    return identity
  }
}
