/// What the account screen's sign-in form owns: the mode, what was typed, and its answer.
public struct AccountForm: Sendable {
  public var signingUp = false
  public var email = ""
  public var password = ""
  public var message: String?
  public var busy = false

  public init() {}
}
