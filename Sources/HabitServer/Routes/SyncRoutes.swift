import HTTPTypes
import HabitCore
import HabitStore
import HabitSync
import Hummingbird

/// The sync call (push the outbox, pull a page of rows) and the backup document.
struct SyncRoutes {
  let services: HabitServices

  func add(to router: RouterGroup<HabitRequestContext>) {
    router.post("sync", use: sync)
    router.get("backup", use: backup)
    router.post("backup", use: restore)
  }

  /// Checks each change on its own; the ones that fail are refused with their reason.
  private func screen(_ changes: [Change]) -> (valid: [Change], refused: [Refusal]) {
    ChangeValidation.screen(changes, wall: services.clock.now())
  }

  /// Refuses a fraction logged to a habit that counts and a run past a day's limit: the two
  /// checks that need what the account holds.
  private static func screen(
    _ changes: [Change], against tracker: Tracker, records: [RecordKey: FieldStates]
  ) -> (valid: [Change], refused: [Refusal]) {
    let counting = Set(
      tracker.habits.values.compactMap { habit -> String? in
        if case .count = habit.measure { return habit.id.rawValue }
        return nil
      })
    var valid: [Change] = []
    var refused: [Refusal] = []
    for change in changes {
      if let error = ChangeValidation.countProblem(change, countHabits: counting) {
        refused.append(Refusal(changeID: change.id, code: error.code, message: error.message))
      } else {
        valid.append(change)
      }
    }
    let over = RunLimit.overfull(valid, records: records)
    for index in over.sorted() {
      refused.append(
        Refusal(
          changeID: valid[index].id, code: "too_many_runs",
          message:
            "This day's total has been changed more than \(RunLimit.maximumRuns) times and takes no more changes."
        ))
    }
    return (valid.enumerated().filter { !over.contains($0.offset) }.map(\.element), refused)
  }

  @Sendable func sync(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let identity = try context.requireIdentity()
    let configuration = services.configuration
    let body = try await request.json(limit: configuration.maximumSyncBytes)
    let message: SyncRequest
    do {
      message = try WireCodec.syncRequest(body)
    } catch {
      throw APIError.badRequest(error)
    }
    guard message.changes.count <= configuration.maximumSyncChanges else {
      throw APIError(
        status: .contentTooLarge, code: "too_many_changes",
        message: "Send at most \(configuration.maximumSyncChanges) changes per sync call.")
    }
    var (valid, refused) = screen(message.changes)
    // What the account's state forbids, in one read of it.
    if valid.contains(where: { ChangeValidation.holdsFraction($0) || RunLimit.namesRun($0) }) {
      let screened = valid
      let checked = try await services.workspace(context).read { tracker, replica in
        Self.screen(screened, against: tracker, records: replica.records)
      }
      valid = checked.valid
      refused += checked.refused
    }
    // The changes and the device's visit go into the next group commit together.
    let visit = DeviceVisit(
      account: identity.accountID, device: message.device, at: services.clock.now())
    _ = try await services.commitExternal(valid, account: identity.accountID, visit: visit)
    services.metrics.syncAccepted.increment(by: valid.count)
    services.metrics.syncRefused.increment(by: refused.count)
    let page = try await services.store.rows(
      after: message.cursor, limit: configuration.syncPageSize, account: identity.accountID)
    let response = SyncResponse(
      accepted: valid.count, refused: refused, changes: page.changes, cursor: page.cursor,
      hasMore: page.hasMore)
    return JSONResponse.make(WireCodec.json(response))
  }

  @Sendable func backup(_ request: Request, context: HabitRequestContext) async throws -> Response {
    let fields = try await services.store.state(account: try context.requireIdentity().accountID)
    var response = JSONResponse.make(WireCodec.json(Backup(fields: fields)))
    response.headers[.contentDisposition] = "attachment; filename=\"habitflow-backup.json\""
    return response
  }

  /// Merges a backup into the account: fields the backup holds newer win; nothing newer is lost.
  /// All or nothing: one invalid field refuses the whole document.
  @Sendable func restore(_ request: Request, context: HabitRequestContext) async throws -> Response
  {
    let identity = try context.requireIdentity()
    let body = try await request.json(limit: services.configuration.maximumRestoreBytes)
    let backup: Backup
    do {
      backup = try WireCodec.backup(body)
    } catch {
      throw APIError.badRequest(error)
    }
    let (valid, refused) = screen(backup.fields)
    if let first = refused.first {
      throw APIError.invalid(
        first.code, "The backup holds a field that cannot be restored: \(first.message)")
    }
    var applied = 0
    var start = 0
    while start < valid.count {
      let slice = Array(valid[start..<min(start + 5_000, valid.count)])
      applied += try await services.commitExternal(slice, account: identity.accountID).applied
      start += 5_000
    }
    return JSONResponse.make(
      .object([("received", .integer(valid.count)), ("applied", .integer(applied))]))
  }
}
