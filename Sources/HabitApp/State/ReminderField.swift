/// The reminder screens' fields and buttons, and the shell's reports about notifications. An Int
/// enum read by a search through `names`: a string switch costs the web module far more.
public enum ReminderField: Int, Sendable {
  // The editor
  case addTime, removeTime, remindDay, place, trigger
  // Account → Places
  case placeName, address, latitude, longitude, located, unlocated, edit, save, cancel, delete
  case locate
  // Notifications: the shell's reports, then the panel's buttons (each one the shell's work)
  case permission, devices, calendar, message, tick, at
  case pushOn, pushTest, pushRemove, calendarMake, calendarOff, copy

  static let names = [
    "add-time", "remove-time", "remind-day", "reminder-place", "reminder-trigger", "name",
    "address", "latitude", "longitude", "located", "unlocated", "edit", "save", "cancel", "delete",
    "locate", "permission", "devices", "calendar", "message", "tick", "at", "push-on", "push-test",
    "push-remove", "calendar-make", "calendar-off", "copy",
  ]

  /// The `data-arg` value.
  public var text: String { Self.names[rawValue] }

  public init?(text: String) {
    guard let index = Strings.position(of: text, in: Self.names) else { return nil }
    self.init(rawValue: index)
  }
}

extension Strings {
  /// Where `text` is in `names`: one search for every small table of words.
  @inline(never)
  static func position(of text: String, in names: [String]) -> Int? {
    for index in names.indices where names[index] == text { return index }
    return nil
  }
}
