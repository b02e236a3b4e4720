public import HabitCore

/// Ids derived from the source's own keys, so importing the same file twice finds the habits and
/// categories the first import made instead of adding them again.
public enum ImportID {
  /// A habit's id: `h` and the 64-bit FNV-1a hash of "format:key" as 16 hex digits.
  public static func habit(_ format: ImportFormat, _ key: String) -> HabitID {
    HabitID("h" + hash(format, key))
  }

  /// A category's id, hashed like a habit's with a `c` prefix.
  public static func category(_ format: ImportFormat, _ key: String) -> CategoryID {
    CategoryID("c" + hash(format, key))
  }

  /// A place's id, hashed like a habit's with a `p` prefix.
  public static func place(_ format: ImportFormat, _ key: String) -> PlaceID {
    PlaceID("p" + hash(format, key))
  }

  /// The 16 lower-case hex digits of "format:key"'s FNV-1a hash.
  static func hash(_ format: ImportFormat, _ key: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in Array(format.rawValue.utf8) + [UInt8(ascii: ":")] + Array(key.utf8) {
      value ^= UInt64(byte)
      value &*= 0x100_0000_01b3
    }
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.utf8.count) + digits
  }
}
