import PostgresNIO
import SQLiteNIO

/// A failure as a log line or an answer may show it: its type and a message that never carries a
/// value from a request or a row (no SQL with its bound values, no body, header or secret), since
/// a reflected error may hold any of them.
public enum ErrorSummary {
  /// The longest summary, in characters.
  static let limit = 300

  public static func of(_ error: any Error) -> String {
    String(summary(error).prefix(limit))
  }

  private static func summary(_ error: any Error) -> String {
    switch error {
    case let error as StoreError:
      if case .badDatabaseURL = error { return "StoreError: a database URL that cannot be used" }
      return "StoreError: " + error.description
    case let error as PSQLError:
      // The server's message and detail may quote values (`Key (email)=(...)`), the query holds
      // the bound ones: only the code and the names of what failed are kept.
      var parts = ["code " + String(describing: error.code)]
      let fields: [(String, PSQLError.ServerInfo.Field)] = [
        ("SQLSTATE", .sqlState), ("table", .tableName), ("column", .columnName),
        ("constraint", .constraintName),
      ]
      for (name, field) in fields {
        if let value = error.serverInfo?[field] { parts.append(name + " " + value) }
      }
      if let underlying = error.underlying { parts.append("underlying " + typeName(underlying)) }
      return "PSQLError: " + parts.joined(separator: ", ")
    case let error as PostgresTransactionError:
      let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
      return "PostgresTransactionError: " + (inner.map(summary) ?? "no detail")
    case let error as SQLiteError:
      // SQLite's messages name tables, columns and constraints, never a bound value.
      return "SQLiteError: " + error.description
    default:
      return typeName(error)
    }
  }

  private static func typeName(_ error: any Error) -> String {
    String(reflecting: type(of: error))
  }
}
