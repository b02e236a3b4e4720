/// The account a replica's data belongs to: the first one it synced with. It is kept after
/// `habit logout`, so signing in to another account later is noticed instead of pushing this
/// data, or changes made offline, into someone else's account.
struct ReplicaOwner: Hashable, Sendable {
  var server: String
  /// The server's id of the account (empty for a folder signed in before owners were kept).
  var accountID: String
  var email: String

  /// Whose data the folder holds: nobody's until its first sync.
  enum Ownership: Hashable, Sendable {
    case nobody
    case account(ReplicaOwner)
    /// Synced before, with an account the folder no longer names.
    case unknown
  }

  func isSame(as other: ReplicaOwner) -> Bool {
    guard server == other.server else { return false }
    if !accountID.isEmpty && !other.accountID.isEmpty { return accountID == other.accountID }
    return email.lowercased() == other.email.lowercased()
  }

  var description: String { email + " on " + server }

  static func ownership(_ folder: DataFolder, cursor: () async throws(CLIError) -> Int64)
    async throws(CLIError) -> Ownership
  {
    if let read = PrivateFile.read(folder.owner) {
      guard case .success(let object) = read, let server = object["server"] else {
        return .unknown
      }
      return .account(
        ReplicaOwner(
          server: server, accountID: object["accountID"] ?? "", email: object["email"] ?? ""))
    }
    if let account = try? AccountFile.load(folder) {
      return .account(ReplicaOwner(server: account.server, accountID: "", email: account.email))
    }
    return try await cursor() == 0 ? .nobody : .unknown
  }

  func save(in folder: DataFolder) throws(CLIError) {
    try PrivateFile.write(
      ["server": server, "accountID": accountID, "email": email], to: folder.owner)
  }
}
