import Dispatch
import Spawning
import Synchronization

/// Runs blocking work (helper programs that may not answer) on one thread per item, so
/// that the slowest item bounds the whole, not the sum of them.
enum Concurrently {
  static func map<T: Sendable>(_ items: [String], _ body: @escaping @Sendable (String) -> T) -> [T] {
    if items.count <= 1 { return items.map(body) }
    let results = Results<T>(count: items.count)
    let done = DispatchGroup()
    for (index, item) in items.enumerated() {
      done.enter()
      detached {
        results.set(index, body(item))
        done.leave()
      }
    }
    done.wait()
    return results.values()
  }

  /// A thread of its own for `body`; if none can be made, `body` runs here.
  private static func detached(_ body: @escaping @Sendable () -> Void) {
    if !DetachedThread.start(body) { body() }
  }

  private final class Results<T: Sendable>: Sendable {
    private let slots: Mutex<[T?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: T) { slots.withLock { $0[index] = value } }

    /// Every slot is set once `map` has waited for its items.
    func values() -> [T] { slots.withLock { $0.compactMap { $0 } } }
  }
}
