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
    /// Places whose region is another one now, as (old id, new id): a card that sank below the
    /// ones not yet done. Regions a move leaves out are removed.
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

  public init() {}

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
