import HabitCore
import HabitStore
import HabitSync

/// One sync: push the outbox and pull every page the server has, as `Replica.complete` does for
/// each call. The replica is read once and saved once under the folder's lock; the network
/// calls run between, without the lock, so commands are never held up by a slow server. What was
/// pulled and acknowledged is then applied to the replica as it is by then (edits made during
/// the sync stay in the outbox for the next one).
enum SyncRun {
  struct Outcome: Sendable {
    var pushed = 0
    var pulled = 0
    var refused: [Refusal] = []
    var pending = 0
  }

  /// A change the server refused, in words: it is no longer in the outbox.
  static func sentence(_ refusal: Refusal) -> String {
    "The server refused a change: \(refusal.message) (\(refusal.code))"
  }

  static func run(_ context: CLIContext, progress: ProgressBar?) async throws(CLIError) -> Outcome {
    let account = try AccountFile.load(context.folder)
    let client = ServerClient(server: account.server, token: account.token)
    // Pushing needs the outbox, not the records: what is pulled is merged into the replica
    // under the lock once the calls are done.
    let outbox = try await LocalReplica.edit(
      context.folder, today: context.today, wall: context.wall()
    ) { session throws(CLIError) in
      try await session.replica(.outbox)
    }
    var working = Replica(
      trusting: [], device: outbox.device, outbox: outbox.outbox, cursor: outbox.cursor,
      clock: outbox.clock.last, nextChangeNumber: outbox.nextChangeNumber)
    var outcome = Outcome()
    var pulled: [Change] = []
    var sent = Set<String>()
    let total = working.outbox.count
    while true {
      let request = working.syncRequest(limit: 1000)
      let answer: JSON
      do {
        answer = try await client.send(.POST, "sync", body: WireCodec.json(request))
      } catch {
        throw SignOutNote.signingOut(after: error, account: account, in: context.folder)
      }
      let response: SyncResponse
      do {
        response = try WireCodec.syncResponse(answer)
      } catch {
        throw CLIError(
          "The server's answer could not be read: \(error)", code: "bad_response",
          exit: .unreachable)
      }
      do throws(SyncError) {
        outcome.refused += try working.complete(request, with: response, wall: context.wall())
      } catch {
        throw CLIError(error.message, code: error.code, exit: .unreachable)
      }
      sent.formUnion(request.changes.map { $0.id })
      pulled += response.changes
      outcome.pushed += request.changes.count
      outcome.pulled += response.changes.count
      progress?.update(
        done: outcome.pushed + outcome.pulled,
        total: total + outcome.pulled + (response.hasMore ? 1000 : 0),
        label: "\(outcome.pushed) sent, \(outcome.pulled) received")
      if !response.hasMore && working.outbox.isEmpty { break }
      if request.changes.isEmpty && response.changes.isEmpty { break }
    }
    progress?.finish()
    let cursor = working.cursor
    let received = pulled
    let acknowledged = sent
    try await LocalReplica.edit(
      context.folder, today: context.today, wall: context.wall()
    ) { session throws(CLIError) in
      // A login to another account may have set this replica aside meanwhile: what this sync
      // received belongs to the old account and must not reach the new one.
      guard (try? AccountFile.load(context.folder)) == account else {
        throw CLIError(
          "The sign-in changed during this sync; what it received was not kept.",
          code: "signed_out", exit: .unauthorized)
      }
      let reached = Replica.habitsReached(by: received)
      let scope = reached.map { ReplicaScope.habits($0, wholeOutbox: !acknowledged.isEmpty) }
      return try await session.edit(scope ?? .everything) { replica throws(CLIError) in
        do throws(SyncError) {
          try replica.pull(received, cursor: cursor, wall: context.wall())
        } catch {
          throw CLIError(error.message, code: error.code, exit: .unreachable)
        }
        replica.acknowledge(acknowledged)
        return ((), received)
      }
    }
    if let file = SnapshotFile(path: context.folder.snapshot) {
      outcome.pending = file.pending
    } else {
      outcome.pending = try await LocalReplica.snapshot(context.folder).pending
    }
    return outcome
  }
}
