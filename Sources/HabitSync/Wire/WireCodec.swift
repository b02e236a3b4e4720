/// The JSON forms of changes, sync messages and backups. Member names and order are fixed (the
/// golden files pin them); decoding refuses unknown members and names the path of any problem.
public enum WireCodec {
  // MARK: Change

  public static func json(_ change: Change) -> JSON {
    .object([
      ("id", .string(change.id)),
      ("entity", .string(change.entity.rawValue)),
      ("key", .string(change.key)),
      ("field", .string(change.field.field)),
      ("value", change.value.json),
      ("stamp", .string(change.stamp.text)),
    ])
  }

  public static func change(_ json: JSON, path: String) throws(WireError) -> Change {
    var reader = try JSONObjectReader(json, path: path)
    let id = try reader.string("id")
    let entity = try reader.string("entity")
    let key = try reader.string("key")
    let field = try reader.string("field")
    let value = try FieldValue(json: try reader.required("value"), path: path + ".value")
    let stamp = try reader.string("stamp")
    try reader.finish()
    return try change(
      id: id, entity: entity, key: key, field: field, value: value, stamp: stamp, path: path)
  }

  /// A change from its members as read, once the entity is known and the stamp well formed: the
  /// one rule for the tree's reader and `JSONParser.changes`.
  static func change(
    id: String, entity: String, key: String, field: String, value: FieldValue, stamp: String,
    path: String
  ) throws(WireError) -> Change {
    guard let kind = Entity(rawValue: entity) else {
      throw .invalidValue(path: path + ".entity", reason: "\"\(entity)\" is not a known entity")
    }
    guard let parsed = Stamp(text: stamp) else {
      throw .invalidValue(path: path + ".stamp", reason: "\"\(stamp)\" is not a clock stamp")
    }
    return Change(id: id, field: FieldKey(kind, key, field), value: value, stamp: parsed)
  }

  public static func changes(_ items: [JSON], path: String) throws(WireError) -> [Change] {
    var result: [Change] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      // The element's path is spelled out only for an error: a stored replica holds a hundred
      // thousand changes.
      do {
        result.append(try change(item, path: ""))
      } catch {
        throw error.under(path + "[" + String(index) + "]")
      }
    }
    return result
  }

  // MARK: Sync

  public static func json(_ request: SyncRequest) -> JSON {
    .object([
      ("device", .string(request.device)),
      ("cursor", .integer(request.cursor)),
      ("changes", .array(request.changes.map(json))),
    ])
  }

  public static func syncRequest(_ json: JSON) throws(WireError) -> SyncRequest {
    var reader = try JSONObjectReader(json, path: "request")
    let device = try reader.string("device")
    guard DeviceID.isValid(device) else {
      throw .invalidValue(path: "request.device", reason: "use 1 to 64 letters, digits, '-' or '_'")
    }
    let cursor = try reader.integer("cursor")
    guard cursor >= 0 else {
      throw .invalidValue(path: "request.cursor", reason: "it must be 0 or more")
    }
    let changes = try changes(try reader.array("changes"), path: "request.changes")
    try reader.finish()
    return SyncRequest(device: device, cursor: cursor, changes: changes)
  }

  public static func json(_ response: SyncResponse) -> JSON {
    .object([
      ("accepted", .integer(response.accepted)),
      ("refused", .array(response.refused.map(json))),
      ("changes", .array(response.changes.map(json))),
      ("cursor", .integer(response.cursor)),
      ("more", .bool(response.hasMore)),
    ])
  }

  public static func syncResponse(_ json: JSON) throws(WireError) -> SyncResponse {
    var reader = try JSONObjectReader(json, path: "response")
    let accepted = Int(clamping: try reader.integer("accepted"))
    var refused: [Refusal] = []
    for (index, item) in try reader.array("refused").enumerated() {
      refused.append(try refusal(item, path: "response.refused[" + String(index) + "]"))
    }
    let changes = try changes(try reader.array("changes"), path: "response.changes")
    let cursor = try reader.integer("cursor")
    let more = try reader.bool("more")
    try reader.finish()
    return SyncResponse(
      accepted: accepted, refused: refused, changes: changes, cursor: cursor, hasMore: more)
  }

  public static func json(_ refusal: Refusal) -> JSON {
    .object([
      ("id", .string(refusal.changeID)),
      ("code", .string(refusal.code)),
      ("message", .string(refusal.message)),
    ])
  }

  public static func refusal(_ json: JSON, path: String) throws(WireError) -> Refusal {
    var reader = try JSONObjectReader(json, path: path)
    let id = try reader.string("id")
    let code = try reader.string("code")
    let message = try reader.string("message")
    try reader.finish()
    return Refusal(changeID: id, code: code, message: message)
  }

  // MARK: Backup

  public static func json(_ backup: Backup) -> JSON {
    .object([
      ("format", .string(Backup.format)),
      ("version", .integer(Backup.version)),
      ("fields", .array(backup.fields.map(json))),
    ])
  }

  public static func backup(_ json: JSON) throws(WireError) -> Backup {
    var reader = try JSONObjectReader(json, path: "backup")
    let format = try reader.string("format")
    guard format == Backup.format else {
      throw .invalidValue(path: "backup.format", reason: "this is not a HabitFlow backup")
    }
    let version = try reader.integer("version")
    guard version == Backup.version else {
      throw .invalidValue(
        path: "backup.version", reason: "version " + String(version) + " is not supported")
    }
    let fields = try changes(try reader.array("fields"), path: "backup.fields")
    try reader.finish()
    return Backup(fields: fields)
  }

  // MARK: Text

  /// Parses `text` and decodes it with `decode`, refusing documents over `limit` bytes.
  public static func decode<Value>(
    _ text: String, limit: Int, _ decode: (JSON) throws(WireError) -> Value
  ) throws(WireError) -> Value {
    guard text.utf8.count <= limit else { throw .tooLarge(limit: limit) }
    return try decode(try JSONParser.parse(text))
  }

  public static func encode(_ json: JSON) -> String {
    JSONWriter.write(json)
  }
}
