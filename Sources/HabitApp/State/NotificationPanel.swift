public import HabitCore

/// What the shell reports about notifications on this device (the browser's permission, the
/// account's devices, its calendar link), for the Notifications panel.
public struct NotificationPanel: Sendable {
  /// What the browser allows.
  public enum Permission: Int, Sendable {
    case ask, granted, denied, unsupported
    static let names = ["default", "granted", "denied", "unsupported"]
  }

  public var permission = Permission.ask
  /// One line per device: id, name, time zone, and "1" for this device, split by tabs.
  public var devices: [String] = []
  /// Whether the account has a calendar link, and the link just made (shown only once) with its
  /// webcal:// form.
  public var calendarExists = false
  public var calendarLink: [Substring] = []
  /// The last answer from the server or the browser (a test sent, a refusal).
  public var message: String?

  public init() {}

  /// Takes one report from the shell; false when `field` is not a report.
  public mutating func report(_ field: ReminderField, _ value: String) -> Bool {
    switch field {
    case .permission:
      permission =
        Strings.position(of: value, in: Permission.names).flatMap(Permission.init) ?? .ask
    case .devices:
      devices = []
      for line in value.split(separator: "\n") { devices.append(String(line)) }
    case .calendar:
      // "" (none), "on" (made before), or the new link and its webcal:// form.
      calendarExists = !value.isEmpty
      calendarLink = value.split(separator: " ")
      if calendarLink.count != 2 { calendarLink = [] }
    case .message: message = value.isEmpty ? nil : value
    default: return false
    }
    return true
  }
}

/// The reminder screens' state, in one box.
public indirect enum ReminderBox: Sendable {
  case state(PlaceForm, NotificationPanel, ReminderClock)
}

extension AppState {
  private var unboxed: (PlaceForm, NotificationPanel, ReminderClock) {
    if case .state(let form, let panel, let clock) = reminderBox { return (form, panel, clock) }
    return (PlaceForm(), NotificationPanel(), ReminderClock())
  }

  /// The Places panel's form.
  public var placeForm: PlaceForm {
    get { unboxed.0 }
    set { reminderBox = .state(newValue, unboxed.1, unboxed.2) }
  }

  /// What the shell reported about notifications.
  public var notifications: NotificationPanel {
    get { unboxed.1 }
    set { reminderBox = .state(unboxed.0, newValue, unboxed.2) }
  }

  /// The in-app reminders' clock and position.
  public var reminderClock: ReminderClock {
    get { unboxed.2 }
    set { reminderBox = .state(unboxed.0, unboxed.1, newValue) }
  }
}

/// The in-app reminders' clock and position: the last minute checked for due times, and which
/// places the device was in.
public struct ReminderClock: Sendable {
  public var day: Day?
  public var minute = 0
  public var places = PlaceWatch()

  public init() {}
}
