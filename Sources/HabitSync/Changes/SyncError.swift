public import HabitCore

/// Why the sync layer refused something, in words a person can act on.
public enum SyncError: Error, Hashable, Sendable {
  case stampTooFarAhead(String)
  case invalidChange(id: String, reason: String)
  case wire(WireError)
  case rule(HabitError)

  public var message: String {
    switch self {
    case .stampTooFarAhead:
      return
        "A device's clock is more than a day ahead, so its changes were not applied. Check the date and time on that device."
    case .invalidChange(_, let reason):
      return reason
    case .wire(let error):
      return error.message
    case .rule(let error):
      return error.message
    }
  }

  public var code: String {
    switch self {
    case .stampTooFarAhead: return "clock_ahead"
    case .invalidChange: return "invalid_change"
    case .wire(let error): return error.code
    case .rule: return "invalid_habit"
    }
  }
}
