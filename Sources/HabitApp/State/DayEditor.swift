public import HabitCore

/// The detail's chosen day and what the person typed for it (a total, a note), and the pause
/// ranges: text as typed, so nothing is lost while it is not yet valid.
public struct DayEditor: Hashable, Sendable {
  /// The day the detail's editor acts on; nil until a detail opens.
  public var day: Day?
  /// A total or note being typed; nil shows the stored one.
  public var total: String?
  public var note: String?
  /// A refusal of the day's edit, shown next to the editor.
  public var message: String?
  /// The open detail's pause of its one habit.
  public var pause = PauseForm()
  /// Account's pause of every habit: its own, so one habit's outcome never shows there.
  public var pauseAll = PauseForm()

  public init(day: Day? = nil) {
    self.day = day
    if let day { pause = PauseForm(from: day.iso, through: day.iso) }
  }
}

/// A pause's range as typed and what the last pause or resume said.
public struct PauseForm: Hashable, Sendable {
  public var from = ""
  public var through = ""
  /// A refusal of (or the outcome of) the pause, shown next to its fields.
  public var message: String?

  public init(from: String = "", through: String = "") {
    self.from = from
    self.through = through
  }
}
