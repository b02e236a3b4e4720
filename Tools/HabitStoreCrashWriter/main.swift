import Foundation
import HabitStore
import HabitSync

// Writes batches to an SQLite store as fast as it can and prints "ack <batch>" after each
// committed batch, until killed. The durability test kills it with SIGKILL and checks that every
// acknowledged batch is in the file.
//
// Usage: HabitStoreCrashWriter <sqlite path> <account> <first batch number>

let arguments = CommandLine.arguments
guard arguments.count == 4, let first = Int(arguments[3]) else {
  FileHandle.standardError.write(
    Data("usage: HabitStoreCrashWriter <path> <account> <first batch>\n".utf8))
  exit(2)
}
let store = try await HabitStore.open(arguments[1])
var batch = first
while true {
  let changes = (0..<20).map { index in
    Change(
      id: "writer.\(batch).\(index)",
      field: FieldKey(.habit, "b\(batch)-\(index)", "title"),
      value: .text("batch \(batch)"),
      stamp: Stamp(wall: 1_700_000_000_000 + Int64(batch), counter: index, device: "writer"))
  }
  _ = try await store.apply(changes, account: arguments[2])
  FileHandle.standardOutput.write(Data("ack \(batch)\n".utf8))
  batch += 1
}
