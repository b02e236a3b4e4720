/// Why the store could not do what was asked.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  case badDatabaseURL(String)
  case corruptRow(String)
  case emailTaken
  /// The account was deleted while something was being written for it.
  case accountGone
  /// An import into the account holds its row longer than `HabitStore.accountLockWait`: nothing
  /// was changed, and the same request succeeds once the import ends.
  case accountBusy
  case schemaTooNew(found: Int, known: Int)
  /// The database refused a statement (details for the log).
  case database(String)

  public var description: String {
    switch self {
    case .badDatabaseURL(let url):
      return
        "Cannot use database URL \"\(url)\": expected postgres://user:password@host:port/name or a file path."
    case .corruptRow(let detail):
      return "A stored row could not be read (\(detail))."
    case .emailTaken:
      return "An account with this email already exists."
    case .accountGone:
      return "The account no longer exists."
    case .accountBusy:
      return "An import into this account is still being saved."
    case .schemaTooNew(let found, let known):
      return
        "The database schema is version \(found), newer than this program knows (\(known)). Update HabitFlow."
    case .database(let detail):
      return "The database refused a statement: \(detail)"
    }
  }
}

extension StoreError {
  /// A failure of the database itself (refused, unreachable, full), which may pass by itself: the
  /// server answers 503 and the client tries again.
  public var isTemporary: Bool {
    switch self {
    case .database: return true
    case .badDatabaseURL, .corruptRow, .emailTaken, .accountGone, .accountBusy, .schemaTooNew:
      return false
    }
  }
}
