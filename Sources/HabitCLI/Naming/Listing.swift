import Foundation
import HabitCore

/// The habits the last list showed, in order, so `habit done 3` names the third line.
enum Listing {
  static func save(_ ids: [HabitID], in folder: DataFolder) {
    // Most lists repeat the last one: reading it back is cheaper than rewriting it.
    guard load(folder) != ids, (try? folder.create()) != nil else { return }
    let text = ids.map { $0.rawValue + "\n" }.joined()
    try? Data(text.utf8).write(to: URL(fileURLWithPath: folder.listing), options: .atomic)
  }

  static func load(_ folder: DataFolder) -> [HabitID] {
    guard let data = FileManager.default.contents(atPath: folder.listing) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
      HabitID(String($0))
    }
  }
}
