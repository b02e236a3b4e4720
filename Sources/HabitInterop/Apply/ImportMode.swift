/// How a document meets the data already in the account, as the person chose in the preview.
public enum ImportMode: String, CaseIterable, Hashable, Sendable {
  /// Adds what is new and updates what the document holds for the same ids; everything else stays.
  case merge
  /// Afterwards the account holds exactly the document: habits, categories and places it does not
  /// hold are deleted (a restore).
  case replace
}
