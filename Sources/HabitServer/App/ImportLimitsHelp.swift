import HabitInterop

/// Every bound on what one upload may make the server do, in words, so `habit serve --help` and
/// the refusals a client meets can never disagree about a figure.
public enum ImportLimitsHelp {
  public static let text: String = {
    let megabytes = { (bytes: Int) in ImportPreview.grouped(bytes / 1_000_000) + " MB" }
    return "Imports are bounded so no upload can take the server down for the others: an upload "
      + "is at most \(megabytes(ImportLimits.uploadBytes)); a zip holds at most "
      + "\(ImportPreview.grouped(ImportLimits.zipFiles)) files, unpacks to at most "
      + "\(megabytes(ImportLimits.expandedBytes)) in all and no file to more than "
      + "\(ImportLimits.expansionRatio) times its zipped size, and a zip inside a zip is refused; "
      + "one import brings at most \(ImportPreview.grouped(ImportLimits.habits)) habits and "
      + "\(ImportPreview.grouped(ImportLimits.entries)) recorded days (a Loop .db's rows are "
      + "counted before they are read). Imports take turns: at most "
      + "\(megabytes(ImportGate.bytesInFlight)) of uploads are read and applied at once (a larger "
      + "one goes alone); with "
      + "\(ImportGate.waitingAtMost) waiting, the next is answered 503 busy."
  }()
}
