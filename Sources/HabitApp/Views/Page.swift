import HabitCore

/// A page's markup in regions the shell can replace one by one, so a tap re-sends and repaints
/// only what it changed (a card, the header) instead of the whole screen.
public struct Page: Sendable {
  /// One replaceable element: `html` is that element alone, its root carrying `id`. A region
  /// can hold regions of its own (a sheet's charts), so a change inside it sends only them.
  public struct Region: Hashable, Sendable {
    public let id: String
    public let html: String
    /// The markup outside the inner regions, each one's id in its place; nil without any.
    let frame: String?
    let inner: [Region]

    init(id: String, html: String, frame: String? = nil, inner: [Region] = []) {
      self.id = id
      self.html = html
      self.frame = frame
      self.inner = inner
    }

    /// Appends what turns `old` into this region: the inner regions that changed when nothing
    /// else did, else the whole region.
    func changes(since old: Region, into result: inout [Region]) {
      guard html != old.html else { return }
      guard let frame, frame == old.frame, inner.count == old.inner.count else {
        result.append(self)
        return
      }
      for (index, region) in inner.enumerated() {
        region.changes(since: old.inner[index], into: &result)
      }
    }
  }

  /// A region being built: what `append` and `region` add goes into it until `end()`.
  private struct OpenRegion {
    let id: String
    var html = ""
    var frame = ""
    var inner: [Region] = []
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
  /// A chart and what it was drawn from (a detail's charts), for the next page to reuse.
  struct KeptChart {
    let id: String
    let inputs: ChartInputs
    let html: String
  }

  private var charts: [KeptChart] = []
  private var reusableCharts: [KeptChart] = []

  /// The previous page's cards, and where the search for the next one starts.
  private var reusable: [Card] = []
  private var nextReusable = 0

  /// A page that reuses `previous`'s cards where their inputs are unchanged.
  public init(reusing previous: Page? = nil) {
    reusable = previous?.cards ?? []
    reusableCharts = previous?.charts ?? []
  }

  /// Regions begun and not yet ended, innermost last.
  private var open: [OpenRegion] = []

  /// Adds markup that belongs to no region (or to the region begun last).
  public mutating func append(_ markup: String) {
    if open.isEmpty {
      html += markup
      frame += markup
      skeleton += markup
    } else {
      open[open.count - 1].html += markup
      open[open.count - 1].frame += markup
    }
  }

  /// Adds one element (whose root has `id="\(id)"`) that can be replaced on its own.
  public mutating func region(_ id: String, _ markup: String) {
    add(Region(id: id, html: markup))
  }

  /// Starts a region whose element (`id="\(id)"`, opened by the next `append`) holds regions of
  /// its own; `end()` closes it.
  mutating func begin(_ id: String) {
    open.append(OpenRegion(id: id))
  }

  /// Closes the region begun last.
  mutating func end() {
    let region = open.removeLast()
    add(Region(id: region.id, html: region.html, frame: region.frame, inner: region.inner))
  }

  private mutating func add(_ region: Region) {
    let place = "\u{1}" + region.id + "\u{1}"
    if open.isEmpty {
      html += region.html
      frame += place
      skeleton += "\u{1}"
      regions.append(region)
    } else {
      open[open.count - 1].html += region.html
      open[open.count - 1].frame += place
      open[open.count - 1].inner.append(region)
    }
  }

  /// Lets go of the previous page's cards once this one is built: the next page reuses this
  /// page's own cards, so keeping both would hold every card twice.
  public mutating func settle() {
    reusable = []
    reusableCharts = []
  }

  /// The previous page's chart `id` when it was drawn from the same inputs.
  func keptChart(_ id: String, _ inputs: ChartInputs) -> String? {
    for chart in reusableCharts where chart.id == id && chart.inputs == inputs {
      return chart.html
    }
    return nil
  }

  /// Adds a chart as a region, kept for the next page.
  mutating func chart(_ id: String, _ html: String, _ inputs: ChartInputs) {
    charts.append(KeptChart(id: id, inputs: inputs, html: html))
    region(id, html)
  }

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
      for (index, region) in regions.enumerated() {
        region.changes(since: old.regions[index], into: &result.regions)
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
