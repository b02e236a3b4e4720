/// Zip headers store numbers least significant byte first.
extension Array where Element == UInt8 {
  func uint16(at offset: Int) -> Int {
    Int(self[offset]) | Int(self[offset + 1]) << 8
  }

  /// A 32-bit field as Int64: on wasm32 an Int holds only half its range.
  func uint32(at offset: Int) -> Int64 {
    Int64(uint16(at: offset)) | Int64(uint16(at: offset + 2)) << 16
  }
}
