public import HabitCore
public import HabitSync

/// One of the account's preferences (first weekday, theme, …) as the replica syncs it, so a
/// backup restores them with the data.
public struct BackupSetting: Hashable, Sendable {
  public var name: String
  public var value: FieldValue

  public init(name: String, value: FieldValue) {
    self.name = name
    self.value = value
  }

  /// Every setting the replica holds, by name.
  public static func all(of replica: Replica) -> [BackupSetting] {
    var settings: [BackupSetting] = []
    for (record, fields) in replica.records where record.entity == .setting {
      if let state = fields["value"] {
        settings.append(BackupSetting(name: record.key, value: state.value))
      }
    }
    return settings.ordered { $0.name < $1.name }
  }
}
