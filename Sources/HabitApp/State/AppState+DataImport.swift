extension AppState {
  /// The "Your data" panel: a file's preview, its import, and the downloads. Each needs the
  /// server, so nothing happens while signed out or offline.
  mutating func yourData(_ event: AppEvent) -> [AppEffect] {
    guard connection.canSync else { return [] }
    switch event {
    case .importMode(let replace):
      dataImport.replace = replace
      // A preview counts for one mode: the file on screen is counted again for the other.
      if dataImport.phase == .previewed {
        dataImport.phase = .uploading
        return [.upload(replace: replace, preview: true)]
      }
    case .importFile(let name):
      guard dataImport.phase != .applying else { return [] }
      dataImport.fileName = name
      dataImport.phase = .uploading
      dataImport.result = nil
      dataImport.error = nil
      return [.upload(replace: dataImport.replace, preview: true)]
    case .importConfirm:
      guard dataImport.phase == .previewed else { return [] }
      dataImport.phase = .applying
      dataImport.error = nil
      return [.upload(replace: dataImport.replace, preview: false)]
    case .importCancel:
      guard dataImport.phase != .applying else { return [] }
      dataImport.phase = .choosing
      dataImport.error = nil
    case .export(let csv):
      return [.export(csv: csv)]
    default:
      break
    }
    return []
  }
}
