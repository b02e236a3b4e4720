/// What the shell must do after an event: things Swift in the browser cannot do itself.
public enum AppEffect: Hashable, Sendable {
  /// Write what changed (field states, outbox entries) to IndexedDB.
  case persist
  /// Push the outbox and pull from the server.
  case sync
  case signIn(email: String, password: String)
  case signUp(email: String, password: String)
  case signOut
  /// Apply the colour theme ("system", "light" or "dark").
  case theme(String)
}
