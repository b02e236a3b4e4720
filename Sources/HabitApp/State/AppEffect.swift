/// What the shell must do after an event: things Swift in the browser cannot do itself.
public enum AppEffect: Hashable, Sendable {
  /// Save the replica's new field states and outbox in IndexedDB.
  case persist
  /// Push the outbox and pull from the server.
  case sync
  case signIn(email: String, password: String)
  case signUp(email: String, password: String)
  case signOut
  /// Apply the colour theme ("system", "light" or "dark").
  case theme(String)
}
