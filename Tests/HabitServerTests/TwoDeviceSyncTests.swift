import HabitCore
import HabitServer
import HabitSync
import HummingbirdTesting
import Testing

/// Two devices syncing through a live server over HTTP keep what each one wrote (issue 26,
/// losses 1 and 2).
@Suite struct TwoDeviceSyncTests {
  private let day = Day(iso: today)!

  /// Syncs until the outbox is empty and nothing is left to pull; the server's refusals.
  private func sync(_ replica: inout Replica, _ client: some TestClientProtocol, token: String)
    async throws -> [Refusal]
  {
    var refused: [Refusal] = []
    while true {
      let request = replica.syncRequest()
      let answer = try await client.call(
        .post, "/api/v1/sync", token: token, json: JSONWriter.write(WireCodec.json(request)))
      let response = try WireCodec.syncResponse(answer.json)
      refused += try replica.complete(request, with: response, wall: testClock.now())
      if replica.outbox.isEmpty && !response.hasMore { return refused }
    }
  }

  /// Adds `thousandths` to the day's total of water, as the faces do.
  private func log(_ replica: inout Replica, _ thousandths: Int64) throws {
    let total = replica.tracker.log("water")[day]?.value.thousandths ?? 0
    try replica.perform(
      .logAmount("water", day, Amount(thousandths: total + thousandths)), wall: testClock.now(),
      today: day)
  }

  @Test func aPlacesAddressAndAmountsLoggedOfflineOnTwoDevicesReachTheServer() async throws {
    try await withServer(.live) { client in
      let token = try await client.register("ann@example.com")
      var phone = Replica(device: "phone")
      var water = Habit(id: "water", title: "Water", category: "health", startDay: day)
      water.measure = .quantity(target: Amount(3), unit: "l")
      try phone.perform(.addHabit(water), wall: testClock.now(), today: day)
      let home = Place(
        id: "home", name: "Home", latitudeMicro: 52_520_008, longitudeMicro: 13_404_954,
        address: "1 Main Street\nSpringfield")
      try phone.perform(.savePlace(home), wall: testClock.now(), today: day)
      try log(&phone, 1750)
      #expect(try await sync(&phone, client, token: token).isEmpty)
      var laptop = Replica(device: "laptop")
      #expect(try await sync(&laptop, client, token: token).isEmpty)
      #expect(laptop.tracker.places["home"]?.address == "1 Main Street\nSpringfield")

      // Both offline: a litre on the phone, half a litre on the laptop.
      try log(&phone, 1000)
      try log(&laptop, 500)
      #expect(try await sync(&phone, client, token: token).isEmpty)
      #expect(try await sync(&laptop, client, token: token).isEmpty)
      #expect(try await sync(&phone, client, token: token).isEmpty)
      #expect(phone.tracker.log("water")[day]?.value == Amount(thousandths: 3250))
      #expect(laptop.tracker.log("water")[day]?.value == Amount(thousandths: 3250))
      let entries = try await client.call(
        .get, "/api/v1/habits/water/entries", token: token)
      #expect(entries.json["entries"].array.map { $0["value"].string } == ["3.25"])

      let backup = try WireCodec.backup(
        try await client.call(.get, "/api/v1/backup", token: token).json)
      var restored = Replica(device: "restored")
      try restored.receive(backup.fields, wall: testClock.now())
      #expect(restored.tracker.places["home"]?.address == "1 Main Street\nSpringfield")
      #expect(restored.tracker.log("water")[day]?.value == Amount(thousandths: 3250))
    }
  }
}
