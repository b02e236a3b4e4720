/// What a client sends in one sync call: its outbox (oldest first) and how far it has pulled.
public struct SyncRequest: Hashable, Sendable {
  public let device: String
  public let cursor: Int64
  public let changes: [Change]

  public init(device: String, cursor: Int64, changes: [Change]) {
    self.device = device
    self.cursor = cursor
    self.changes = changes
  }
}

/// The server's answer: which changes it refused and why, the rows that changed after the cursor
/// (one page), the new cursor, and whether more pages wait.
public struct SyncResponse: Hashable, Sendable {
  public let accepted: Int
  public let refused: [Refusal]
  public let changes: [Change]
  public let cursor: Int64
  public let hasMore: Bool

  public init(accepted: Int, refused: [Refusal], changes: [Change], cursor: Int64, hasMore: Bool) {
    self.accepted = accepted
    self.refused = refused
    self.changes = changes
    self.cursor = cursor
    self.hasMore = hasMore
  }
}

/// One change the server would not apply, with the reason in words.
public struct Refusal: Hashable, Sendable {
  public let changeID: String
  public let code: String
  public let message: String

  public init(changeID: String, code: String, message: String) {
    self.changeID = changeID
    self.code = code
    self.message = message
  }
}

/// Everything an account holds, as the changes that set each field: for download and restore.
public struct Backup: Hashable, Sendable {
  public static let format = "habitflow-backup"
  public static let version = 1

  public let fields: [Change]

  public init(fields: [Change]) {
    self.fields = fields
  }
}
