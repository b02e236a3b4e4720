/// Zip headers store numbers least significant byte first.
extension Array where Element == UInt8 {
  func uint16(at offset: Int) -> Int {
    Int(self[offset]) | Int(self[offset + 1]) << 8
  }

  func uint32(at offset: Int) -> Int {
    uint16(at: offset) | uint16(at: offset + 2) << 16
  }
}
