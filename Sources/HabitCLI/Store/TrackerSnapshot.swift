import Foundation
public import HabitCore
import HabitStore
import HabitSync

/// The projected tracker in a compact binary file, rewritten after every save, so a read
/// command never loads and re-projects the SQLite replica's field rows. The replica in SQLite
/// stays the truth; a missing or damaged snapshot is rebuilt from it. Each habit's days are
/// stored newest first in a block of known length, so `SnapshotFile` can read only recent ones.
public struct TrackerSnapshot: Sendable {
  public var tracker: Tracker
  public var device: String
  /// Changes waiting in the outbox.
  public var pending: Int
  public var firstWeekday: Weekday
  /// The save of the SQLite replica this snapshot shows (`ReplicaState.generation`): an edit
  /// takes the snapshot's tracker as the replica's projection only when it is the latest.
  public var generation: String

  /// The format's mark, raised whenever what a snapshot holds changes meaning (6: a skip hidden
  /// under a check-in shows again when it is taken back), so a snapshot from before is read
  /// again from the replica.
  static let magic: [UInt8] = Array("HFSNAP6\n".utf8)

  public init(
    tracker: Tracker, device: String, pending: Int, firstWeekday: Weekday, generation: String = ""
  ) {
    self.tracker = tracker
    self.device = device
    self.pending = pending
    self.firstWeekday = firstWeekday
    self.generation = generation
  }

  /// The snapshot of `replica` as a save left it (every setting is read with any part of it).
  init(_ replica: Replica, saved: SavedReplica) {
    self.init(
      tracker: replica.tracker, device: replica.device, pending: saved.pending,
      firstWeekday: replica.firstWeekday, generation: saved.generation)
  }

  func encoded() -> [UInt8] {
    let entryCount = tracker.logs.values.reduce(0) { $0 + $1.count }
    var writer = ByteWriter(capacity: 4096 + entryCount * 14)
    for byte in Self.magic { writer.byte(byte) }
    writer.string(device)
    writer.string(generation)
    writer.int64(Int64(pending))
    writer.byte(UInt8(firstWeekday.isoNumber))
    writer.int32(Int32(tracker.categories.count))
    for category in tracker.categories {
      writer.string(category.id.rawValue)
      writer.string(category.name)
      writer.int64(Int64(category.order))
    }
    writer.int32(Int32(tracker.places.count))
    for place in tracker.places.values {
      writer.string(place.id.rawValue)
      Self.write(RecordFields.encode(place), to: &writer)
    }
    writer.int32(Int32(tracker.habits.count))
    for habit in tracker.habits.values {
      writer.string(habit.id.rawValue)
      Self.write(RecordFields.encode(habit), to: &writer)
      let entries = tracker.log(habit.id).entries
      writer.int32(Int32(entries.count))
      let lengthOffset = writer.bytes.count
      writer.int64(0)
      for entry in entries.reversed() {
        writer.int32(Int32(entry.day.daysSince1970))
        writer.int64(entry.value.thousandths)
        let mark: UInt8 =
          switch entry.mark {
          case .none: 0
          case .no: 1
          case .auto: 2
          }
        writer.byte((entry.isSkipped ? 1 : 0) | mark << 1 | (entry.note.isEmpty ? 0 : 8))
        if !entry.note.isEmpty { writer.string(entry.note) }
      }
      writer.patchInt64(Int64(writer.bytes.count - lengthOffset - 8), at: lengthOffset)
    }
    return writer.bytes
  }

  private static func write(_ fields: [(String, FieldValue)], to writer: inout ByteWriter) {
    writer.int32(Int32(fields.count))
    for (name, value) in fields {
      writer.string(name)
      switch value {
      case .null: writer.byte(0)
      case .bool(let flag): writer.byte(flag ? 2 : 1)
      case .int(let number):
        writer.byte(3)
        writer.int64(number)
      case .text(let text):
        writer.byte(4)
        writer.string(text)
      }
    }
  }

  /// Writes the snapshot next to its final name and renames it into place, so a reader sees
  /// the old one or the new one, never half of one.
  func write(to path: String) throws(CLIError) {
    let temporary = path + ".tmp"
    do {
      try Data(encoded()).write(to: URL(fileURLWithPath: temporary))
      guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    } catch {
      throw CLIError(
        "Could not write \(path): \(error.localizedDescription)", code: "data_folder",
        exit: .failure)
    }
  }

  /// The whole snapshot at `path`, or nil when there is none or it cannot be used.
  static func read(from path: String) -> TrackerSnapshot? {
    guard let file = SnapshotFile(path: path), let tracker = file.tracker(since: { _ in nil })
    else { return nil }
    return TrackerSnapshot(
      tracker: tracker, device: file.device, pending: file.pending,
      firstWeekday: file.firstWeekday, generation: file.generation)
  }
}

/// A snapshot file opened for reading: everything but the days is parsed at once; the days of
/// each habit are read on demand, newest first, as far back as the caller asks.
final class SnapshotFile: @unchecked Sendable {
  private let file: MappedFile
  let device: String
  let generation: String
  let pending: Int
  let firstWeekday: Weekday
  private let categories: [Category]
  private let places: [Place]
  /// Each habit with the byte offset of its days and how many there are.
  private(set) var habits: [(habit: Habit, offset: Int, count: Int)] = []

  init?(path: String) {
    guard let file = MappedFile(path: path) else { return nil }
    self.file = file
    let buffer = file.buffer
    let magic = TrackerSnapshot.magic
    guard buffer.count >= magic.count, Array(buffer[0..<magic.count]) == magic else { return nil }
    var reader = ByteReader(buffer, offset: magic.count)
    device = reader.string()
    generation = reader.string()
    pending = Int(reader.int64())
    firstWeekday = Weekday(isoNumber: Int(reader.byte())) ?? .monday
    var categories: [Category] = []
    for _ in 0..<max(0, Int(reader.int32())) where !reader.isDamaged {
      let id = reader.string()
      let name = reader.string()
      categories.append(
        Category(id: CategoryID(id), name: name, order: Int(clamping: reader.int64())))
    }
    self.categories = categories
    var places: [Place] = []
    for _ in 0..<max(0, Int(reader.int32())) where !reader.isDamaged {
      let id = reader.string()
      if let place = RecordFields.place(id: id, Self.readFields(&reader)) { places.append(place) }
    }
    self.places = places
    for _ in 0..<max(0, Int(reader.int32())) where !reader.isDamaged {
      let id = reader.string()
      guard let habit = RecordFields.habit(id: id, Self.readFields(&reader)) else { return nil }
      let count = Int(reader.int32())
      let length = Int(reader.int64())
      habits.append((habit, reader.offset, count))
      reader.seek(to: reader.offset + length)
    }
    guard !reader.isDamaged, reader.isAtEnd else { return nil }
  }

  /// The tracker with each habit's days on or after `since(habit)` (all of them for nil); nil
  /// when the file is damaged.
  func tracker(since: (Habit) -> Day?) -> Tracker? {
    var tracker = Tracker(categories: categories)
    for place in places { tracker.restore(place) }
    for (habit, offset, count) in habits {
      tracker.restore(habit)
      guard let entries = entries(at: offset, count: count, since: since(habit)) else { return nil }
      tracker.restore(EntryLog(entries.reversed()), for: habit.id)
    }
    return tracker
  }

  /// One habit's days on or after `since` (all for nil), newest first; nil when damaged.
  func entries(of id: HabitID, since: Day?) -> [Entry]? {
    guard let found = habits.first(where: { $0.habit.id == id }) else { return [] }
    return entries(at: found.offset, count: found.count, since: since)
  }

  private func entries(at offset: Int, count: Int, since: Day?) -> [Entry]? {
    var reader = ByteReader(file.buffer, offset: offset)
    var entries: [Entry] = []
    let bound = since?.daysSince1970 ?? Int.min
    for _ in 0..<max(0, count) {
      let day = Int(reader.int32())
      if day < bound { break }
      let value = Amount(thousandths: reader.int64())
      let flags = reader.byte()
      let note = flags & 8 != 0 ? reader.string() : ""
      let mark: EntryMark =
        switch (flags >> 1) & 3 {
        case 1: .no
        case 2: .auto
        default: .none
        }
      entries.append(
        Entry(
          day: Day(daysSince1970: day), value: value, note: note, isSkipped: flags & 1 != 0,
          mark: mark))
    }
    return reader.isDamaged ? nil : entries
  }

  private static func readFields(_ reader: inout ByteReader) -> FieldStates {
    let count = Int(reader.int32())
    var fields: FieldStates = [:]
    guard count >= 0, count < 64 else { return fields }
    for _ in 0..<count {
      let name = reader.string()
      let value: FieldValue
      switch reader.byte() {
      case 1: value = .bool(false)
      case 2: value = .bool(true)
      case 3: value = .int(reader.int64())
      case 4: value = .text(reader.string())
      default: value = .null
      }
      fields[name] = FieldState(value: value, stamp: placeholderStamp, changeID: "")
    }
    return fields
  }

  /// Field states read back carry no stamp: a snapshot is only projected, never merged.
  private static let placeholderStamp = Stamp(wall: 0, counter: 0, device: "snapshot")
}
