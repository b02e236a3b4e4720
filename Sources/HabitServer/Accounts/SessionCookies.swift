import Hummingbird

/// The two cookies of a browser session: the HttpOnly session token, and beside it a readable
/// CSRF token, derived from the session, that the page echoes in `X-CSRF-Token`.
enum SessionCookies {
  static func set(on response: inout Response, token: String, maxAge: Int, secure: Bool) {
    response.setCookie(
      Cookie(
        name: AuthenticationMiddleware.sessionCookie, value: token, maxAge: maxAge, path: "/",
        secure: secure, httpOnly: true, sameSite: .lax))
    setCSRF(
      on: &response, value: Secrets.csrfToken(forSession: token), maxAge: maxAge, secure: secure)
  }

  static func setCSRF(on response: inout Response, value: String, maxAge: Int, secure: Bool) {
    response.setCookie(
      Cookie(
        name: AuthenticationMiddleware.csrfCookie, value: value, maxAge: maxAge, path: "/",
        secure: secure, httpOnly: false, sameSite: .lax))
  }

  static func clear(on response: inout Response, secure: Bool) {
    for name in [AuthenticationMiddleware.sessionCookie, AuthenticationMiddleware.csrfCookie] {
      response.setCookie(
        Cookie(
          name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true,
          sameSite: .lax))
    }
  }
}
