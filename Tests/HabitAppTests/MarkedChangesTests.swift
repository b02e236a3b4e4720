import HabitSync
import Testing

@testable import HabitApp

/// The stored form tells this device's outbox entries apart by number; any id of another form
/// must still be told apart exactly, or a field state would be written twice or not at all.
@Suite struct MarkedChangesTests {
  private static func change(_ id: String) -> Change {
    Change(
      id: id, field: FieldKey(.entry, "read/2026-11-22", "value"), value: .int(1000),
      stamp: Stamp(wall: 1, counter: 0, device: "web-a"))
  }

  @Test func idsOfEveryFormAreMarkedExactly() {
    let outbox = ["web-a.7", "web-a.1234567890", "web-a1.3", "web-a.0"].map(Self.change)
    let replica = Replica(
      device: "web-a", fields: [], outbox: outbox, cursor: 0, clock: nil,
      nextChangeNumber: 2_000_000_000)
    var marked = MarkedChanges(replica)
    for change in outbox { marked.insert(change.id) }
    for id in ["web-a.7", "web-a.1234567890", "web-a1.3", "web-a.0"] {
      #expect(marked.contains(id), "\(id) was marked")
    }
    // Same number, another form: a leading zero, another device that starts the same, none.
    for id in ["web-a.07", "web-a1.7", "web-a.3", "web-a.", "web-a.8", "phone.7", "web-a.00"] {
      #expect(!marked.contains(id), "\(id) was not marked")
    }
  }
}
