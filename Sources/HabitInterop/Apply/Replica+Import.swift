public import HabitCore
public import HabitSync

extension Replica {
  /// Writes a document into the account through HabitCore's rules, so an import validates and
  /// syncs like any edit; all or nothing: one refusal leaves the replica as it was.
  @discardableResult
  public mutating func apply(_ document: ImportDocument, mode: ImportMode, wall: Int64, today: Day)
    throws(ImportError) -> ImportSummary
  {
    let plan = ImportPlan(document, mode: mode, tracker: tracker)
    var copy = self
    let changes: [Change]
    do {
      changes = try copy.perform(plan.actions, wall: wall, today: today)
    } catch {
      throw ImportError(file: plan.subjects[error.index], message: error.error.message)
    }
    self = copy
    var summary = plan.summary
    summary.changes = changes.count
    return summary
  }
}
