/// What applying a document changed, for the confirmation the person sees afterwards.
public struct ImportSummary: Hashable, Sendable {
  public var habitsAdded = 0
  public var habitsUpdated = 0
  public var habitsDeleted = 0
  public var categoriesAdded = 0
  public var categoriesDeleted = 0
  public var placesSaved = 0
  public var placesDeleted = 0
  /// Days whose entry the document set (new or different).
  public var daysWritten = 0
  /// Days the account held that the document does not (replace only), now empty.
  public var daysCleared = 0
  /// Field changes recorded for sync: none when the account already held the document.
  public var changes = 0

  public init() {}

  /// Whether the account already held everything the document says.
  public var isEmpty: Bool { changes == 0 }
}
