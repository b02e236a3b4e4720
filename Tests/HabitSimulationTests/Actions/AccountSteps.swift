/// The person changes the password on one web device (the others must sign in again).
struct ChangePassword: SimStep {
  let device: Int
  var text: String { "device \(device): change the password" }

  func run(_ world: World) async {
    guard let web = world.device(device) as? WebDevice ?? world.devices.first as? WebDevice else {
      return
    }
    let new = world.password + "!"
    let answer = await web.call(
      .put, "account/password",
      json: #"{"currentPassword":"\#(world.password)","newPassword":"\#(new)"}"#, world)
    guard answer?.ok == true else { return }
    world.password = new
    web.dispatch([("t", .string("passwordChanged")), ("calendar", .string(""))], world)
  }
}

/// The person deletes the account from one web device, which then forgets its copy.
struct DeleteAccount: SimStep {
  let device: Int
  var text: String { "device \(device): delete the account" }

  func run(_ world: World) async {
    guard let web = world.device(device) as? WebDevice ?? world.devices.first as? WebDevice else {
      return
    }
    let answer = await web.call(
      .delete, "account", json: #"{"password":"\#(world.password)"}"#, world)
    guard answer?.ok == true else { return }
    world.accountDeleted = true
    web.forget()
  }
}
