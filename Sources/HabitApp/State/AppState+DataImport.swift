extension AppState {
  /// The "Your data" panel: a file's preview, its import, and the downloads, all read and made
  /// on this device (offline and signed out too); only a Loop database needs the server.
  mutating func yourData(_ event: AppEvent) -> [AppEffect] {
    switch event {
    case .importMode(let replace):
      dataImport.replace = replace
      // A preview counts for one mode: the file on screen is counted again for the other (the
      // shell drops the answer for the mode left).
      if dataImport.phase == .previewed || dataImport.phase == .uploading {
        dataImport.phase = .uploading
        return [.runImport(replace: replace, preview: true, server: connection.canSync)]
      }
    case .importFile(let name):
      guard dataImport.phase != .applying else { return [] }
      dataImport.fileName = name
      dataImport.phase = .uploading
      dataImport.result = nil
      dataImport.error = nil
      return [.runImport(replace: dataImport.replace, preview: true, server: connection.canSync)]
    case .importConfirm:
      guard dataImport.phase == .previewed else { return [] }
      dataImport.phase = .applying
      dataImport.error = nil
      return [.runImport(replace: dataImport.replace, preview: false, server: connection.canSync)]
    case .importCancel:
      guard dataImport.phase != .applying else { return [] }
      dataImport.phase = .choosing
      dataImport.error = nil
    case .export(let csv):
      dataImport.exportError = nil
      return [.export(csv: csv)]
    default:
      break
    }
    return []
  }
}
