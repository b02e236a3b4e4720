public import HabitCore

/// What a document would bring into the account, counted before anything is written: the
/// person reads it and confirms once.
public struct ImportPreview: Hashable, Sendable {
  public var mode: ImportMode
  /// Habits the account does not hold yet.
  public var newHabits = 0
  /// Habits the account already holds (the same ids, from an earlier import): updated.
  public var existingHabits = 0
  /// Habits the account holds that the document does not: deleted when replacing.
  public var deletedHabits = 0
  /// Days done (or with an amount), not skipped.
  public var checkIns = 0
  public var skips = 0
  public var notes = 0
  /// Days the source marked as explicitly not done.
  public var noes = 0
  /// Days the source counted as done because the frequency was already met.
  public var automaticYeses = 0
  /// Replacing: days the account holds, in habits the document holds too, whose check-in, skip
  /// or note the document holds differently or not at all, so they are overwritten or erased.
  public var daysReplaced = 0
  /// What maps only approximately.
  public var approximations: [Approximation]
  /// The first and last day the document records, nil when it records none.
  public var firstDay: Day?
  public var lastDay: Day?

  public init(_ document: ImportDocument, tracker: Tracker, mode: ImportMode) {
    self.mode = mode
    approximations = document.approximations
    var ids = Set<String>()
    for imported in document.habits {
      ids.insert(imported.habit.id.rawValue)
      if tracker.habit(imported.habit.id) == nil { newHabits += 1 } else { existingHabits += 1 }
      for entry in imported.entries { count(entry.normalized) }
      if mode == .replace {
        daysReplaced += ImportPlan.daysReplaced(by: imported, log: tracker.log(imported.habit.id))
      }
    }
    if mode == .replace {
      deletedHabits = tracker.habits.keys.filter { !ids.contains($0.rawValue) }.count
    }
  }

  private mutating func count(_ entry: Entry) {
    if entry.isEmpty { return }
    if entry.isSkipped { skips += 1 } else if entry.value > .zero { checkIns += 1 }
    if !entry.note.isEmpty { notes += 1 }
    switch entry.mark {
    case .none: break
    case .no: noes += 1
    case .auto: automaticYeses += 1
    }
    firstDay = min(firstDay ?? entry.day, entry.day)
    lastDay = max(lastDay ?? entry.day, entry.day)
  }

  /// The habits the document holds.
  public var habits: Int { newHabits + existingHabits }

  /// One plain sentence for the confirmation: "12 habits (3 new, 9 already here), 1,204
  /// check-ins, 30 skips and 12 notes from 3 July 2021 to 6 February 2022."
  public var summary: String {
    var habitPart = Self.counted(habits, "habit", "habits")
    if newHabits > 0 && existingHabits > 0 {
      habitPart +=
        " (" + Self.grouped(newHabits) + " new, " + Self.grouped(existingHabits)
        + " already here)"
    } else if existingHabits > 0 {
      habitPart += existingHabits == 1 ? " (already here)" : " (all already here)"
    }
    var parts = [habitPart, Self.counted(checkIns, "check-in", "check-ins")]
    if skips > 0 { parts.append(Self.counted(skips, "skip", "skips")) }
    if notes > 0 { parts.append(Self.counted(notes, "note", "notes")) }
    if noes > 0 { parts.append(Self.counted(noes, "day marked not done", "days marked not done")) }
    if automaticYeses > 0 {
      parts.append(
        Self.counted(automaticYeses, "automatic check-in", "automatic check-ins"))
    }
    var sentence = Self.list(parts)
    if let firstDay, let lastDay {
      sentence +=
        firstDay == lastDay
        ? " on " + DayFormat.long(firstDay)
        : " from " + DayFormat.long(firstDay) + " to " + DayFormat.long(lastDay)
    }
    sentence += "."
    if deletedHabits > 0 {
      sentence +=
        " " + Self.counted(deletedHabits, "habit", "habits") + " not in the file "
        + (deletedHabits == 1 ? "is" : "are") + " deleted."
    }
    if daysReplaced > 0 {
      sentence += " " + Self.replacedDays(daysReplaced) + "."
    }
    if !approximations.isEmpty {
      sentence +=
        " " + Self.counted(approximations.count, "setting maps", "settings map")
        + " only approximately."
    }
    return sentence
  }

  /// "3 days here that the file holds differently or not at all are overwritten or erased": what
  /// replacing takes away from the habits it keeps, in every face's words.
  public static func replacedDays(_ days: Int) -> String {
    counted(days, "day", "days") + " here that the file holds differently or not at all "
      + (days == 1 ? "is" : "are") + " overwritten or erased"
  }

  /// "1 habit", "1,204 check-ins".
  static func counted(_ number: Int, _ singular: String, _ plural: String) -> String {
    grouped(number) + " " + (number == 1 ? singular : plural)
  }

  /// "1,204": digits in groups of three, as every face writes a count.
  public static func grouped(_ number: Int) -> String {
    let digits = Array(String(number).utf8)
    var result: [UInt8] = []
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 {
        result.append(UInt8(ascii: ","))
      }
      result.append(digit)
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// "a, b and c".
  static func list(_ parts: [String]) -> String {
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
  }
}
