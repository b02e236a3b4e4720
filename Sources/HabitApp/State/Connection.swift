/// How this device stands with the server: online, whose account, and how the last sync went.
public struct Connection: Sendable {
  public var online = true
  public var email: String?
  public var lastSynced: Int64?
  public var syncError: String?

  public init() {}

  /// Whether a change can go to the server right away.
  public var canSync: Bool { email != nil && online }
}
