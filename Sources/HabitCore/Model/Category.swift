/// A group of habits on the main screen (Health, Work, …). People can add, rename and delete
/// their own; the seven defaults exist from the start.
public struct Category: Hashable, Sendable, Identifiable {
  public let id: CategoryID
  public var name: String
  public var order: Int

  public init(id: CategoryID, name: String, order: Int) {
    self.id = id
    self.name = name
    self.order = order
  }

  /// The categories a new tracker starts with.
  public static let defaults: [Category] = [
    ("academic", "Academic"), ("work", "Work"), ("self", "Self"), ("health", "Health"),
    ("social", "Social"), ("finance", "Finance"), ("quit", "Quit a bad habit"),
  ].enumerated().map { index, pair in
    Category(id: CategoryID(pair.0), name: pair.1, order: index)
  }

  /// What two names share when they name the same category (spaces around and case aside):
  /// the rule every face and importer matches names by.
  public static func nameKey(_ name: String) -> String {
    Text.folded(Text.trimmed(name))
  }

  /// The most characters a category name may have.
  public static let maximumNameLength = 30
}
