/// Compares two positions of the list being sorted. A struct rather than a bare closure argument,
/// so the optimiser does not clone the sort for every call site's closure.
public struct PositionOrder {
  let less: (Int, Int) -> Bool

  public init(_ less: @escaping (Int, Int) -> Bool) {
    self.less = less
  }
}

/// A stable merge sort of positions whose code exists once. The standard library's sort is
/// specialised per element type and per comparison (5 KB of wasm each), and the web module's
/// first-load budget pays for every copy.
@inline(never)
public func stableOrder(count: Int, by order: PositionOrder) -> [Int] {
  var positions = Array(0..<count)
  guard count > 1 else { return positions }
  let run = 8
  var start = 0
  while start < count {
    let end = min(start + run, count)
    var index = start + 1
    while index < end {
      let moving = positions[index]
      var slot = index
      while slot > start, order.less(moving, positions[slot - 1]) {
        positions[slot] = positions[slot - 1]
        slot -= 1
      }
      positions[slot] = moving
      index += 1
    }
    start = end
  }
  var buffer = positions
  var width = run
  while width < count {
    var low = 0
    while low < count {
      let middle = min(low + width, count)
      let high = min(low + 2 * width, count)
      var left = low
      var right = middle
      var target = low
      while left < middle, right < high {
        // Taking from the left unless the right is strictly smaller keeps equal items in order.
        if order.less(positions[right], positions[left]) {
          buffer[target] = positions[right]
          right += 1
        } else {
          buffer[target] = positions[left]
          left += 1
        }
        target += 1
      }
      while left < middle {
        buffer[target] = positions[left]
        left += 1
        target += 1
      }
      while right < high {
        buffer[target] = positions[right]
        right += 1
        target += 1
      }
      low = high
    }
    swap(&positions, &buffer)
    width *= 2
  }
  return positions
}

extension Sequence {
  /// The elements in a stable order; one shared sort routine (see `stableOrder`).
  public func ordered(by less: @escaping (Element, Element) -> Bool) -> [Element] {
    let items = Array(self)
    let positions = stableOrder(
      count: items.count, by: PositionOrder { less(items[$0], items[$1]) })
    return positions.map { items[$0] }
  }
}

extension Sequence where Element: Comparable {
  /// The elements in ascending order; one shared sort routine (see `stableOrder`).
  public func ordered() -> [Element] {
    ordered(by: <)
  }
}
