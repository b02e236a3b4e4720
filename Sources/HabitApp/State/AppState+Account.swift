extension AppState {
  /// The signed-in email changed: nil when signed out, by the person or by the server, whose
  /// `reason` (its words for why: a password changed or the account deleted on another device)
  /// is then said on the Account screen and as a notice. One mutation, so the module (the first
  /// load) does not copy the state for each field.
  mutating func accountChanged(email: String?, reason: String?) {
    connection.email = email
    account.busy = false
    if email != nil, let told = account.message, notice == told { notice = nil }
    let told = email == nil ? reason : nil
    account.message = told
    if let told { notice = told }
    if email == nil { connection.lastSynced = nil }
  }
}
