/// The simulated network between the devices and the server: each sync call is a message that
/// may be lost (before or after the server acted), delivered twice, or held back so later ones
/// overtake it. Delivery order is decided only by due time and send order, never by chance alone.
final class SimNetwork {
  /// What a device sent or is about to receive.
  enum Payload {
    /// A sync request's body, on its way to the server.
    case request(String)
    /// The server's answer to `request` on its way back; nil when the call failed.
    case reply(request: String, answer: SimServer.Answer?)
  }

  struct Message {
    let number: Int
    let device: Int
    let due: Int64
    let payload: Payload
  }

  /// How hostile the network is in this run (per 100 messages).
  struct Faults: Sendable {
    var lose = 0
    var duplicate = 0
    /// The longest delay of a message, in simulated milliseconds.
    var maximumDelay: Int64 = 0
  }

  let seed: UInt64
  var faults = Faults()
  private(set) var inFlight: [Message] = []
  private var sent = 0

  init(seed: UInt64) { self.seed = seed }

  /// Decides a message's fate with its own draws, so one message's faults do not shift another's.
  func send(_ payload: Payload, from device: Int, now: Int64) {
    sent += 1
    var random = SplitMix64.derived(seed, 2, UInt64(sent))
    let delay = faults.maximumDelay > 0 ? Int64(random.int(0...Int(faults.maximumDelay))) : 0
    inFlight.append(Message(number: sent, device: device, due: now + delay, payload: payload))
  }

  /// Whether this request is lost on the way (and whether its answer is): drawn per message.
  func fate(of message: Message) -> (lost: Bool, twice: Bool) {
    var random = SplitMix64.derived(seed, 3, UInt64(message.number))
    return (random.chance(faults.lose), random.chance(faults.duplicate))
  }

  /// Takes the messages due by `now`, earliest first (send order breaks ties).
  func takeDue(now: Int64) -> [Message] {
    let due = inFlight.filter { $0.due <= now }.sorted { ($0.due, $0.number) < ($1.due, $1.number) }
    inFlight.removeAll { $0.due <= now }
    return due
  }

  /// Heals the network: no more faults, no more delay.
  func heal() { faults = Faults() }

  /// When the next message arrives, if one is on its way.
  var nextDue: Int64? { inFlight.map(\.due).min() }
}
