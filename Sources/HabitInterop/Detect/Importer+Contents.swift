public import HabitCore

extension Importer {
  /// The document the files describe and, for a HabitFlow backup, the settings it restores:
  /// what every face applies once the person has seen the preview.
  public static func contents(_ files: [ImportFile], today: Day) throws(ImportError)
    -> (document: ImportDocument, settings: [BackupSetting])
  {
    let document = try document(files, today: today)
    guard document.format == .backup, let file = files.first(where: { !$0.bytes.isEmpty }) else {
      return (document, [])
    }
    let contents = try Backup.contents(file)
    return (contents.document, contents.settings)
  }
}
