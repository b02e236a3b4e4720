/// One edit to one field, the unit that syncs: the outbox holds them, the server stores the
/// winning one per field, and every replica merges them with the same rule.
public struct Change: Hashable, Sendable {
  /// Unique per change (`<device>.<number>`); re-sending it is harmless.
  public let id: String
  public let field: FieldKey
  public let value: FieldValue
  public let stamp: Stamp

  public init(id: String, field: FieldKey, value: FieldValue, stamp: Stamp) {
    self.id = id
    self.field = field
    self.value = value
    self.stamp = stamp
  }

  public var entity: Entity { field.record.entity }
  public var key: String { field.record.key }

  /// The merge order: per field, the greater rank wins. It is the stamp, except that a deletion
  /// outranks everything on its field so a late edit cannot bring a deleted record back.
  public var rank: String { Merge.rank(field: field.field, value: value, stamp: stamp) }

  /// The state this change leaves its field in when it wins.
  public var state: FieldState {
    FieldState(value: value, stamp: stamp, changeID: id)
  }
}

/// What a field currently holds, and which change put it there.
public struct FieldState: Hashable, Sendable {
  public let value: FieldValue
  public let stamp: Stamp
  public let changeID: String

  public init(value: FieldValue, stamp: Stamp, changeID: String) {
    self.value = value
    self.stamp = stamp
    self.changeID = changeID
  }
}

/// The one merge rule, used by every replica and by the server's store.
public enum Merge {
  /// The name of the tombstone field every deletable record has.
  public static let deletedField = "deleted"

  public static func rank(field: String, value: FieldValue, stamp: Stamp) -> String {
    guard field == deletedField else { return stamp.text }
    return (value == .bool(true) ? "1-" : "0-") + stamp.text
  }

  /// Whether `change` replaces `current` (a field nobody wrote yet takes anything). Equal ranks
  /// mean the same change arrived again: a no-op.
  public static func wins(_ change: Change, over current: FieldState?, field: String) -> Bool {
    guard let current else { return true }
    return change.rank > rank(field: field, value: current.value, stamp: current.stamp)
  }
}
