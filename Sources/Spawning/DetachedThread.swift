import Glibc

/// A detached POSIX thread for blocking work: the package's one thread spawn, used by the
/// HTTP client's transfers and by the helper-program fan-out (Foundation's `Thread` is
/// not in FoundationEssentials and would link the whole of Foundation, ICU included).
public enum DetachedThread {
  /// Runs `body` on a new detached thread; false (and `body` not run) when none can be made.
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
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
      Unmanaged<Box>.fromOpaque(box).release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}
