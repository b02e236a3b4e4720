public import HabitCore

/// Why the sync layer refused something, in words a person can act on.
public enum SyncError: Error, Hashable, Sendable {
  case stampTooFarAhead(String)
  /// The change is not well formed (unknown field, bad key, wrong type of value).
  case invalidChange(id: String, reason: String)
  case wire(WireError)
  /// The change is well formed but breaks a HabitCore rule: it carries the rule's own code, the
  /// one REST answers with for the same value.
  case rule(id: String, HabitError)

  public var message: String {
    switch self {
    case .stampTooFarAhead:
      return
        "A device's clock is more than a day ahead, so its changes were not applied. Check the date and time on that device."
    case .invalidChange(_, let reason):
      return reason
    case .wire(let error):
      return error.message
    case .rule(_, let error):
      return error.message
    }
  }

  public var code: String {
    switch self {
    case .stampTooFarAhead: return "clock_ahead"
    case .invalidChange: return "invalid_change"
    case .wire(let error): return error.code
    case .rule(_, let error): return error.code
    }
  }
}
