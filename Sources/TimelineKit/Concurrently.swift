import Foundation

/// Runs blocking work (helper programs that may not answer) on one thread per item, so
/// that the slowest item bounds the whole, not the sum of them.
enum Concurrently {
  /// `body` applied to each item, in the items' order.
  static func map<T: Sendable>(_ items: [String], _ body: @escaping @Sendable (String) -> T) -> [T] {
    if items.count <= 1 { return items.map(body) }
    let results = Results<T>(count: items.count)
    let done = DispatchGroup()
    for (index, item) in items.enumerated() {
      done.enter()
      let thread = Thread {
        results.set(index, body(item))
        done.leave()
      }
      thread.start()
    }
    done.wait()
    return results.values()
  }

  private final class Results<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
      lock.lock()
      slots[index] = value
      lock.unlock()
    }

    func values() -> [T] {
      lock.lock()
      defer { lock.unlock() }
      return slots.map { $0! }
    }
  }
}
