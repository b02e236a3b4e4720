/// Sizes in the words limits are stated in ("100 MB"), for messages.
enum ByteSize {
  /// Whole megabytes (10^6 bytes) when the size is one, bytes otherwise.
  static func text(_ bytes: Int) -> String {
    if bytes >= 1_000_000 && bytes % 1_000_000 == 0 { return String(bytes / 1_000_000) + " MB" }
    return String(bytes) + " bytes"
  }
}
