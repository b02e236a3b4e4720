import HabitSync

/// The sync wire: a request and a response through the JSON tree, and the change arrays read
/// straight from bytes as a stored replica and a large import are.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = FuzzInput.bytes(data, size)
  if let json = try? JSONParser.parse(bytes) {
    _ = try? WireCodec.syncRequest(json)
    _ = try? WireCodec.syncResponse(json)
    _ = try? WireCodec.backup(json)
    if case .array(let items) = json { _ = try? WireCodec.changes(items, path: "changes") }
  }
  _ = try? JSONParser.changes(bytes, path: "changes")
  _ = try? JSONParser.storedChanges(bytes, in: 0..<bytes.count, path: "stored")
  return 0
}
