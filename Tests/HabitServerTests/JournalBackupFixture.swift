import HabitCore
import HabitSync

/// A HabitFlow backup laid out as `Backup.document` writes it, made up in the test: journal
/// habits, each done every day for ten years with a note of a few hundred characters, as many
/// as fit under `bytes` (a 100 MB upload is years of notes, not millions of rows).
enum JournalBackupFixture {
  struct Made {
    let bytes: [UInt8]
    let habits: Int
    let entries: Int
  }

  static let daysPerHabit = 3_650

  /// The backup; `lastTitle` names the habit whose id sorts last (its title is the last row an
  /// import stages).
  static func backup(bytes limit: Int, endingOn last: Day, lastTitle: String? = nil) -> Made {
    let (habits, lastDays) = plan(under: limit)
    var output: [UInt8] = []
    output.reserveCapacity(limit)
    output += utf8(
      #"{"format":"habitflow-backup","version":1,"exportedAt":"2026-11-01T08:00:00Z","settings":{},"#
        + #""categories":[{"id":"journal","name":"Journal","order":0}],"places":[],"habits":["#
        + "\n")
    var entries = 0
    for number in 1...habits {
      let days = number == habits ? lastDays : daysPerHabit
      let title = number == habits ? lastTitle ?? Self.title(number) : Self.title(number)
      output += header(number, title: title, start: last.advanced(by: -(daysPerHabit - 1)))
      for back in (0..<days).reversed() {
        output += entryStart + utf8(last.advanced(by: -back).iso) + entryMiddle
        output += notes[note(number, back)] + entryEnd
        if back > 0 { output.append(UInt8(ascii: ",")) }
        entries += 1
      }
      output += utf8(number == habits ? "]}\n" : "]},\n")
    }
    output += utf8("]}\n")
    return Made(bytes: output, habits: habits, entries: entries)
  }

  /// How many habits fit under `limit`, and how many days the last one has.
  private static func plan(under limit: Int) -> (habits: Int, lastDays: Int) {
    var size = 400
    var number = 0
    while true {
      number += 1
      size += header(number, title: title(number), start: Day(iso: "2000-01-01")!).count + 64
      for back in 0..<daysPerHabit {
        size += entryStart.count + 10 + entryMiddle.count + entryEnd.count + 1
        size += notes[note(number, back)].count
        if size > limit { return (number, back) }
      }
    }
  }

  private static func title(_ number: Int) -> String {
    "Journal " + String(String(1000 + number).dropFirst())
  }

  private static func header(_ number: Int, title: String, start: Day) -> [UInt8] {
    let id = "journal-" + String(String(1000 + number).dropFirst())
    return utf8(
      #"{"id":""# + id + #"","kind":"habit","title":""# + title
        + #"","description":"A line or two about the day.","category":"journal","#
        + #""schedule":"everyDay","measure":"done","direction":"build","start":""# + start.iso
        + ##"","goal":"forever","emoji":"📓","color":"#FD4C49","timeOfDay":"evening","##
        + #""pinned":false,"archived":false,"order":"# + String(number) + #","reminders":""#
        + FieldText.reminders(Reminders()) + #"","entries":["# + "\n")
  }

  private static let entryStart = utf8(#"{"day":""#)
  private static let entryMiddle = utf8(#"","value":1000,"note":""#)
  private static let entryEnd = utf8("\"}\n")

  private static func note(_ habit: Int, _ back: Int) -> Int { (habit * 3 + back) % notes.count }

  /// Notes of 420 to 497 characters (the most a note may have is 500).
  private static let notes: [[UInt8]] = (0..<8).map { index in
    let paragraph =
      "Up at six, a cold walk along the river before work, then wrote three pages about the week"
      + " and what I want from the next one. Lunch outside with Sam; we talked about the move and"
      + " the garden. Read forty pages in the evening, slept by eleven. Felt calmer than yesterday,"
      + " though the knee still aches after the stairs. Tomorrow: call the plumber, finish the"
      + " report, swim before dinner and keep the phone in the other room after nine o'clock at"
      + " night, as agreed. Bought bread and eggs on the way home; the neighbour's cat followed"
      + " me to the door."
    var text = String(paragraph.prefix(420 + 11 * index))
    while text.last == " " { text.removeLast() }
    return utf8(text)
  }

  private static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
}
