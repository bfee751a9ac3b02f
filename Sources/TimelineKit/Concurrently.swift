import Dispatch
import Glibc
import Synchronization

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
      detached {
        results.set(index, body(item))
        done.leave()
      }
    }
    done.wait()
    return results.values()
  }

  /// A POSIX thread of its own for `body` (Foundation's `Thread` would link the whole of
  /// Foundation, ICU included); if none can be made, `body` runs here.
  private static func detached(_ body: @escaping @Sendable () -> Void) {
    final class Box {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }, box)
    guard started == 0 else {
      Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
      return
    }
    pthread_detach(thread)
  }

  private final class Results<T: Sendable>: Sendable {
    private let slots: Mutex<[T?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: T) { slots.withLock { $0[index] = value } }

    func values() -> [T] { slots.withLock { $0.map { $0! } } }
  }
}
