import HabitCore

/// A page's markup in regions the shell can replace one by one, so a tap re-sends and repaints
/// only what it changed (a card, the header) instead of the whole screen.
public struct Page: Sendable {
  /// One replaceable element: `html` is that element alone, its root carrying `id`.
  public struct Region: Hashable, Sendable {
    public let id: String
    public let html: String
  }

  /// What turns one page into another without replacing it whole.
  public struct Changes: Sendable {
    /// Regions to put in place of the element with the same id (or, if there is none, to place
    /// where a move says).
    public var regions: [Region] = []
    /// Places whose region is another one now, as (old id, new id): a habit moved up or down the
    /// list. Regions a move leaves out are removed.
    public var moves: [(from: String, to: String)] = []
  }

  /// The whole page.
  public private(set) var html = ""
  /// The markup outside the regions, each region's id in its place: when two pages' frames are
  /// equal, they differ only inside regions.
  public private(set) var frame = ""
  /// The frame without the ids: equal skeletons mean the same places, perhaps other regions.
  private var skeleton = ""
  public private(set) var regions: [Region] = []
  /// A card and what it was rendered from.
  struct Card {
    let id: String
    let inputs: CardInputs
    let html: String
  }

  /// The cards on this page in order, for the next page to reuse. (Arrays, not a dictionary by
  /// id: pages list their cards in much the same order, and a dictionary of cards costs the web
  /// module kilobytes.)
  private var cards: [Card] = []
  /// The previous page's cards, and where the search for the next one starts.
  private var reusable: [Card] = []
  private var nextReusable = 0

  /// A page that reuses `previous`'s cards where their inputs are unchanged.
  public init(reusing previous: Page? = nil) {
    reusable = previous?.cards ?? []
  }

  /// Adds markup that belongs to no region.
  public mutating func append(_ markup: String) {
    html += markup
    frame += markup
    skeleton += markup
  }

  /// Adds one element (whose root has `id="\(id)"`) that can be replaced on its own.
  public mutating func region(_ id: String, _ markup: String) {
    html += markup
    frame += "\u{1}" + id + "\u{1}"
    skeleton += "\u{1}"
    regions.append(Region(id: id, html: markup))
  }

  /// Lets go of the previous page's cards once this one is built: the next page reuses this
  /// page's own cards, so keeping both would hold every card twice.
  public mutating func settle() { reusable = [] }

  /// The id of a habit's card element, and of its region. (Record ids hold only letters, digits,
  /// `-` and `_`: nothing to escape.)
  static func cardID(_ habit: HabitID) -> String { "card-" + habit.rawValue }

  /// Adds a habit's card, rendered again only when what it shows changed.
  mutating func card(_ item: AgendaItem, state: AppState, day: Day) {
    let id = Self.cardID(item.habit.id)
    let inputs = CardInputs(item, state: state, day: day)
    var html: String
    if let kept = reusableCard(id), kept.inputs == inputs {
      html = kept.html
    } else {
      html = CardView.render(item, state: state, day: day)
    }
    cards.append(Card(id: id, inputs: inputs, html: html))
    region(id, html)
  }

  /// The previous page's card `id`, looked for from where the last one was found.
  private mutating func reusableCard(_ id: String) -> Card? {
    let count = reusable.count
    var step = 0
    while step < count {
      let index = (nextReusable + step) % count
      if reusable[index].id == id {
        nextReusable = index + 1
        return reusable[index]
      }
      step += 1
    }
    return nil
  }

  /// What to replace and move to turn `old` into this page, or nil when more than regions
  /// changed (then the whole page goes).
  public func changes(since old: Page) -> Changes? {
    guard regions.count == old.regions.count else { return nil }
    var result = Changes()
    if frame == old.frame {
      for (index, region) in regions.enumerated() where region.html != old.regions[index].html {
        result.regions.append(region)
      }
      return result
    }
    guard skeleton == old.skeleton else { return nil }
    var before: [String: String] = [:]
    for region in old.regions { before[region.id] = region.html }
    for (index, region) in regions.enumerated() {
      let previous = old.regions[index].id
      if region.id != previous { result.moves.append((previous, region.id)) }
      if before[region.id] != region.html { result.regions.append(region) }
    }
    return result
  }
}
