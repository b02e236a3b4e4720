import HabitCore
import HabitInterop

/// A Loop `.db` backup's rows as `LoopDatabaseReader` hands them over, every number whatever
/// SQLite can store (the reader itself needs SQLite, which this build does not link): the rows
/// are drawn from the input eight bytes at a time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoopDatabase(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var numbers = Numbers(FuzzInput.bytes(data, size))
  var habits: [LoopHabitRecord] = []
  for _ in 0..<numbers.next() & 3 {
    var habit = LoopHabitRecord(id: numbers.next() & 7, name: "Habit " + String(habits.count))
    habit.isNumeric = numbers.next() & 1 == 1
    habit.frequencyNumerator = Int(truncatingIfNeeded: numbers.next())
    habit.frequencyDenominator = Int(truncatingIfNeeded: numbers.next())
    habit.color = numbers.next()
    habit.position = Int(truncatingIfNeeded: numbers.next())
    habit.isAtMost = numbers.next() & 1 == 1
    habit.target = Amount(thousandths: numbers.next())
    habit.reminderHour = Int(truncatingIfNeeded: numbers.next())
    habit.reminderMinute = Int(truncatingIfNeeded: numbers.next())
    habit.reminderDays = Int(truncatingIfNeeded: numbers.next())
    habits.append(habit)
  }
  var repetitions: [LoopRepetitionRecord] = []
  while !numbers.isEmpty {
    repetitions.append(
      LoopRepetitionRecord(
        habit: numbers.next() & 7, timestamp: numbers.next(), value: numbers.next()))
  }
  _ = try? LoopDatabaseRecords(habits: habits, repetitions: repetitions, file: "loop.db")
    .document()
  return 0
}

/// The input as little-endian 64-bit numbers, zero once it runs out.
struct Numbers {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isEmpty: Bool { offset >= bytes.count }

  mutating func next() -> Int64 {
    var value: UInt64 = 0
    for shift in stride(from: 0, to: 64, by: 8) where offset < bytes.count {
      value |= UInt64(bytes[offset]) << UInt64(shift)
      offset += 1
    }
    return Int64(bitPattern: value)
  }
}
