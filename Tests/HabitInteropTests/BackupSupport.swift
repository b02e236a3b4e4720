import Foundation
import HabitCore
import HabitInterop

/// A fixture of this target as an upload's file, named as a person's download would be.
func interopFixture(_ name: String) throws -> ImportFile {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").appendingPathComponent(name)
  return ImportFile(path: name, bytes: Array(try Data(contentsOf: url)))
}

/// The one imported habit titled `title`, failing the test's expectation when there is none.
func importedHabit(_ title: String, in document: ImportDocument) -> ImportedHabit? {
  document.habits.first { $0.habit.title == title }
}

/// One imported habit's entry on an ISO day.
func importedEntry(_ title: String, _ iso: String, in document: ImportDocument) -> Entry? {
  importedHabit(title, in: document)?.entries.last { $0.day == Day(iso: iso) }
}

/// Whether two trackers hold the same categories, places, habits and days (their dictionaries'
/// and arrays' internal order aside).
func sameContent(_ left: Tracker, _ right: Tracker) -> Bool {
  guard left.sortedCategories == right.sortedCategories, left.places == right.places,
    left.habits == right.habits
  else { return false }
  return left.habits.keys.allSatisfy { left.log($0).entries == right.log($0).entries }
}
