import ArgumentParser
import HabitCore
import HabitSync

/// `habit categories`: lists the categories, or adds, renames or deletes one.
struct CategoriesCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "categories",
    abstract: "List categories, or add, rename or delete one.",
    discussion: """
      Deleting a category deletes its habits too; it asks first (--yes to skip).

      Examples:
        habit categories
        habit categories add Music
        habit categories rename Music "Music practice"
        habit categories rm "Music practice"

      JSON: {"categories":[{"id","name","habits"}]}
      """)

  enum Verb: String, ExpressibleByArgument, CaseIterable {
    case list, add, rename, rm
  }

  @OptionGroup var common: CommonOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "list (default), add, rename or rm.") var verb: Verb = .list
  @Argument(help: "The category's name (and for rename, the new name).") var names: [String] = []
  @Flag(help: "Do not ask before deleting.") var yes = false

  func execute(_ context: CLIContext) async throws(CLIError) {
    let expected = [Verb.list: 0, .add: 1, .rename: 2, .rm: 1][verb] ?? 0
    guard names.count == expected else {
      throw CLIError(
        "`habit categories \(verb.rawValue)` takes \(expected == 1 ? "a name" : expected == 2 ? "the name and the new name" : "no names").",
        code: "usage", exit: .usage)
    }
    switch verb {
    case .list:
      let tracker = try await context.snapshot().tracker
      let categories = tracker.sortedCategories
      let counts = categories.map { category in
        tracker.habits.values.filter { $0.category == category.id }.count
      }
      if output.json {
        context.printJSON(
          .object([
            (
              "categories",
              .array(
                categories.indices.map { index in
                  .object([
                    ("id", .string(categories[index].id.rawValue)),
                    ("name", .string(categories[index].name)),
                    ("habits", HabitJSON.int(counts[index])),
                  ])
                })
            )
          ]))
        return
      }
      for (category, count) in zip(categories, counts) {
        context.console.print(
          HabitText.padded(category.name, 24)
            + context.style.dim(count == 1 ? "1 habit" : "\(count) habits"))
      }
    case .add:
      try await context.change { session throws(CLIError) in
        let id = CategoryID(
          session.device + "-" + String(session.nextChangeNumber) + "-"
            + String(session.wall % 100_000))
        try await session.perform(.addCategory(id, names[0]))
      }
      context.console.print("Added the category \(Text.trimmed(names[0])).")
    case .rename:
      try await context.change { session throws(CLIError) in
        let category = try HabitNames.category(names[0], in: session.tracker)
        try await session.perform(.renameCategory(category.id, names[1]))
      }
      context.console.print("Renamed \(names[0]) to \(Text.trimmed(names[1])).")
    case .rm:
      try await context.change(
        asking: !yes, declined: "Nothing was deleted.",
        look: { tracker throws(CLIError) in
          let category = try HabitNames.category(names[0], in: tracker)
          let impact = tracker.deletionImpact(ofCategory: category.id)
          return (
            category,
            impact.habits == 0
              ? nil
              : "Delete \(category.name) with its \(impact.habits) habits and \(impact.entries) check-ins?"
          )
        },
        apply: { session, category throws(CLIError) in
          try await session.perform(.deleteCategory(category.id))
        })
      context.console.print("Deleted the category \(names[0]).")
    }
  }
}
