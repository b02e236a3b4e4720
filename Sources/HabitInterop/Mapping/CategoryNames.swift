public import HabitCore

/// The categories an import names (Beaver's tags, harsh's headings, Table Habit's groups), each
/// added to the document once, in the order the file first uses it, with an id derived from its
/// name.
struct CategoryNames {
  let format: ImportFormat
  private var ids: [String: CategoryID] = [:]

  init(_ format: ImportFormat) {
    self.format = format
  }

  /// The id of the category `name`, added to `document` the first time.
  mutating func id(_ name: String, in document: inout ImportDocument) -> CategoryID {
    let folded = Category.nameKey(name)
    if let id = ids[folded] { return id }
    let id = ImportID.category(format, folded)
    ids[folded] = id
    document.categories.append(Category(id: id, name: name, order: document.categories.count))
    return id
  }
}
