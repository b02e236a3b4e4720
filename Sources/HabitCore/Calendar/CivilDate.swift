/// A year, month and day as people write them; `Day` is the form the rules compute with.
public struct CivilDate: Hashable, Sendable {
  public let year: Int
  /// 1 = January … 12 = December.
  public let month: Int
  public let day: Int

  /// Returns nil for a month outside 1…12 or a day the month does not have.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= YearMonth.length(year: year, month: month)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  init(unchecked year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }
}
