/// How much HabitFlow reads from one import, so an upload or a zip bomb cannot exhaust memory;
/// the server refuses larger bodies with the same figure.
public enum ImportLimits {
  /// The largest upload: 100 MB.
  public static let uploadBytes = 100_000_000
  /// The largest file a zip may unpack to: 200 MB.
  public static let fileBytes = 200_000_000
  /// The most a zip may unpack to in all: 500 MB.
  public static let totalBytes = 500_000_000

  /// The refusal of an upload over `uploadBytes`, the same on every face.
  public static func uploadTooLarge(_ name: String, size: Int) -> ImportError {
    ImportError(
      file: name,
      message: "The file is " + ByteSize.text(size) + "; HabitFlow imports files up to "
        + ByteSize.text(uploadBytes) + ".")
  }
}
