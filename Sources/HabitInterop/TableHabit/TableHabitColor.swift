public import HabitCore

/// Table Habit's colours: ten built-in seeds by code (1…10), or a custom ARGB that wins when set.
enum TableHabitColor {
  /// The built-in seeds as Table Habit's own Loop importer lists them, code 1 first.
  static let builtIn: [UInt32] = [
    0x6750A4, 0xF44336, 0x9C27B0, 0x3F51B5, 0x009688, 0x4CAF50, 0xFFC107, 0xFF9800, 0x8BC34A,
    0x673AB7,
  ]

  static func color(code: Int?, custom: Int64?) -> HabitColor {
    if let custom { return HabitColor(rgb: UInt32(truncatingIfNeeded: custom)) }
    guard let code, (1...builtIn.count).contains(code) else { return HabitColor(rgb: builtIn[0]) }
    return HabitColor(rgb: builtIn[code - 1])
  }
}
