/// How a day was marked when no check-in says it: other trackers record an explicit "no" and an
/// automatic "yes" (a day a non-daily frequency already covers), and an import keeps both so a
/// round trip loses nothing. Neither counts as a check-in.
public enum EntryMark: String, CaseIterable, Hashable, Sendable {
  /// Nothing beyond the value, note and skip.
  case none = ""
  /// The person said the habit was not done that day.
  case no
  /// Another tracker counted the day as done because the frequency was already met.
  case auto
}
