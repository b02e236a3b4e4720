/// The part of the day a habit belongs to, for the main screen's time-of-day filter.
public enum TimeOfDay: String, CaseIterable, Hashable, Sendable {
  case anytime
  case morning
  case afternoon
  case evening
}
