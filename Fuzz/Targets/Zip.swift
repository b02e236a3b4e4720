import HabitInterop

/// The zip reader and its inflater, every member unpacked and checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = FuzzInput.bytes(data, size)
  _ = try? Zip.files(bytes, name: "upload.zip")
  _ = try? Inflate.bytes(bytes, limit: 1 << 20, file: "raw")
  return 0
}
