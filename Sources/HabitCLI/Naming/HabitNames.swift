import HabitCore

/// Finds the habit a person means: its number in the last listing, its id, its whole title, or
/// the start of its title (case and accents aside). Several matches are an error that lists them.
enum HabitNames {
  static func resolve(_ name: String, in tracker: Tracker, folder: DataFolder) throws(CLIError)
    -> Habit
  {
    let query = Text.trimmed(name)
    guard !query.isEmpty else {
      throw CLIError(
        "Name a habit: its title, the start of it, or its number.", code: "habit_not_found",
        exit: .notFound)
    }
    if let number = Int(query), number > 0 {
      let listing = Listing.load(folder)
      if number <= listing.count, let habit = tracker.habit(listing[number - 1]) { return habit }
    }
    if let habit = tracker.habit(HabitID(query)) { return habit }
    let folded = Text.folded(query)
    let habits = tracker.sortedHabits
    let exact = habits.filter { Text.folded($0.title) == folded }
    if exact.count == 1 { return exact[0] }
    // A number means the last listing's, never the start of a title ("3" is not "30 min walk").
    if exact.isEmpty, Int(query) != nil {
      throw CLIError(
        "There is no habit number \(query) in the last list. `habit list` numbers them again.",
        code: "habit_not_found", exit: .notFound)
    }
    let matches = exact.isEmpty ? habits.filter { Text.folded($0.title).hasPrefix(folded) } : exact
    if matches.count == 1 { return matches[0] }
    if matches.isEmpty {
      throw CLIError(
        "No habit is called \"\(query)\". `habit list` shows them all.", code: "habit_not_found",
        exit: .notFound)
    }
    let names = matches.prefix(10).map { "  " + $0.title + "  (id " + $0.id.rawValue + ")" }
    throw CLIError(
      "\"\(query)\" could mean \(matches.count) habits:\n" + names.joined(separator: "\n")
        + "\nType more of the title, or use the number from `habit list`.",
      code: "ambiguous_habit", exit: .notFound)
  }

  /// A category by name (case and spaces aside) or id.
  static func category(_ name: String, in tracker: Tracker) throws(CLIError) -> Category {
    let key = Category.nameKey(name)
    if let category = tracker.categories.first(where: {
      Category.nameKey($0.name) == key || $0.id.rawValue == name
    }) {
      return category
    }
    let names = tracker.sortedCategories.map { $0.name }.joined(separator: ", ")
    throw CLIError(
      "No category is called \"\(name)\". The categories are: \(names).",
      code: "category_not_found", exit: .notFound)
  }
}
