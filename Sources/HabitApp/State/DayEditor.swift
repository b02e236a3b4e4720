public import HabitCore

/// The detail's chosen day and what the person typed for it (a total, a note), and the pause
/// range: text as typed, so nothing is lost while it is not yet valid.
public struct DayEditor: Hashable, Sendable {
  /// The day the detail's editor acts on; nil until a detail opens.
  public var day: Day?
  /// A total or note being typed; nil shows the stored one.
  public var total: String?
  public var note: String?
  public var pauseFrom = ""
  public var pauseThrough = ""
  /// A refusal of the day's edit, shown next to the editor.
  public var message: String?
  /// A refusal of (or the outcome of) the pause, shown next to its fields.
  public var pauseMessage: String?

  public init(day: Day? = nil) {
    self.day = day
  }
}
