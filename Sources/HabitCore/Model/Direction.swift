/// Whether the person wants to do the habit more (build) or stop doing it (quit a bad habit).
/// For a habit to quit, an entry records a slip and a day without one is a success.
public enum Direction: String, CaseIterable, Hashable, Sendable {
  case build
  case quit
}
