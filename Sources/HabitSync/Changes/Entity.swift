/// The kinds of record that sync: every change names one of them and a key inside it.
public enum Entity: String, CaseIterable, Hashable, Sendable {
  case habit
  case category
  /// Key `<habit id>/<yyyy-MM-dd>`: one habit's day.
  case entry
  case place
  /// Key: the setting's name (first weekday, theme, …).
  case setting
}

/// One record: an entity and its key.
public struct RecordKey: Hashable, Comparable, Sendable {
  public let entity: Entity
  public let key: String

  public init(_ entity: Entity, _ key: String) {
    self.entity = entity
    self.key = key
  }

  public static func < (lhs: RecordKey, rhs: RecordKey) -> Bool {
    (lhs.entity.rawValue, lhs.key) < (rhs.entity.rawValue, rhs.key)
  }
}

/// One field of one record: what a last-writer-wins register is kept for.
public struct FieldKey: Hashable, Comparable, Sendable {
  public let record: RecordKey
  public let field: String

  public init(_ entity: Entity, _ key: String, _ field: String) {
    record = RecordKey(entity, key)
    self.field = field
  }

  public static func < (lhs: FieldKey, rhs: FieldKey) -> Bool {
    (lhs.record, lhs.field) < (rhs.record, rhs.field)
  }
}
