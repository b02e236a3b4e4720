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
  /// PUT the new password (the server checks the current one).
  case changePassword(current: String, new: String)
  /// DELETE the account, then forget this device's copy as signing out does.
  case deleteAccount(password: String)
  /// Send `draw-rest` after the next paint (a detail just opened), for the rest of the detail.
  case drawRest
  /// Read the chosen file with the data module here (a Loop database goes to the server when
  /// `server` says it can be reached): its preview (true), or the import itself.
  case runImport(replace: Bool, preview: Bool, server: Bool)
  /// Make the backup (JSON) or the CSV here with the data module and download it.
  case export(csv: Bool)
  /// Browser work for reminders (`name`: locate, show, watch, push-on, push-test, …), done by
  /// the shell's reminder functions.
  case shell(String, String)
}
