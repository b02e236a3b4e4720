import Foundation

/// A file mapped read-only into memory: only the pages a reader touches are loaded, so reading
/// one habit's recent days out of years of history costs those pages alone.
final class MappedFile: @unchecked Sendable {
  let buffer: UnsafeBufferPointer<UInt8>

  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
    let size = Int(status.st_size)
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
  }
}
