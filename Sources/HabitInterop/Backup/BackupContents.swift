public import HabitSync

/// What a backup holds: the data as a document to apply (ids kept as they are), the settings,
/// and when it was made.
public struct BackupContents: Hashable, Sendable {
  public var document: ImportDocument
  public var settings: [BackupSetting]
  /// `yyyy-MM-ddTHH:mm:ssZ`.
  public var exportedAt: String

  public init(document: ImportDocument, settings: [BackupSetting], exportedAt: String) {
    self.document = document
    self.settings = settings
    self.exportedAt = exportedAt
  }
}

extension Replica {
  /// Restores a backup's settings, each as a synced preference.
  public mutating func restore(_ settings: [BackupSetting], wall: Int64) {
    for setting in settings { set(setting: setting.name, to: setting.value, wall: wall) }
  }
}
