import HabitSync

/// The outbox entries a stored replica has written among its field states, so the field states
/// are not written twice. Outbox entries are this device's changes, `<device>.<number>`: they
/// are marked by number, so a hundred thousand of them cost no hashing of their ids.
struct MarkedChanges {
  private let device: [UInt8]
  private var numbers: [Bool]
  /// Ids of another form (never expected), kept as they are.
  private var others = Set<String>()

  /// Sized by the outbox's own numbers, not the stored counter, which could be anything.
  init(_ replica: Replica) {
    device = Array(replica.device.utf8)
    numbers = []
    var largest = -1
    for change in replica.outbox {
      if let number = number(change.id) { largest = max(largest, number) }
    }
    numbers = Array(repeating: false, count: largest + 1)
  }

  mutating func insert(_ id: String) {
    if let number = number(id), number < numbers.count {
      numbers[number] = true
    } else {
      others.insert(id)
    }
  }

  func contains(_ id: String) -> Bool {
    if let number = number(id), number < numbers.count { return numbers[number] }
    return !others.isEmpty && others.contains(id)
  }

  /// The number of one of this device's change ids as this device writes them (at most nine
  /// digits, no leading zero), or nil for any other id.
  private func number(_ id: String) -> Int? {
    var id = id
    return id.withUTF8 { bytes -> Int? in
      let digits = bytes.count - device.count - 1
      guard digits >= 1, digits <= 9, bytes[device.count] == UInt8(ascii: "."),
        digits == 1 || bytes[device.count + 1] != UInt8(ascii: "0")
      else { return nil }
      for index in 0..<device.count where bytes[index] != device[index] { return nil }
      var value = 0
      for byte in bytes[(device.count + 1)...] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
  }
}
