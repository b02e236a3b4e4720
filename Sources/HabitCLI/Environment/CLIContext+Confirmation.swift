import HabitCore

extension CLIContext {
  /// A change that may need a person's yes: the question is asked on the last saved state
  /// before the replica is locked, so someone deciding never holds up a background sync, and
  /// under the lock `look` is made again and must find what the person agreed to.
  ///
  /// `look` finds what the change is about and returns the question to ask, nil when there is
  /// nothing to ask; with `asking` false nothing is asked. `apply` gets what `look` found under
  /// the lock.
  func change<Found: Equatable & Sendable, Result: Sendable>(
    asking: Bool, declined: String,
    look: (Tracker) throws(CLIError) -> (found: Found, question: String?),
    apply body: (inout ReplicaSession, Found) async throws(CLIError) -> Result
  ) async throws(CLIError) -> Result {
    var agreed: Found?
    if asking {
      let (found, question) = try look(try await snapshot().tracker)
      if let question {
        guard console.confirm(question) else {
          throw CLIError(declined, code: "cancelled", exit: .cancelled)
        }
        agreed = found
      }
    }
    return try await change { session throws(CLIError) in
      let found = try look(session.tracker).found
      if let agreed, agreed != found {
        throw CLIError(
          "Your habits changed while you were deciding (a sync ran), so the question no "
            + "longer holds. Nothing was changed; run the command again.",
          code: "changed_meanwhile", exit: .refused)
      }
      return try await body(&session, found)
    }
  }
}
